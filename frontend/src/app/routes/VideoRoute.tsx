import { useEffect } from 'react';
import { observer } from 'mobx-react-lite';
import { useNavigate, useParams } from 'react-router-dom';
import { useStores } from '../../stores/StoreProvider';
import { PATHS } from '../../shared/paths';
import { FullPageLoader } from '../../shared/FullPageLoader';
import { SignedInShell } from '../shell/SignedInShell';
import { PageLayout } from '../shell/PageLayout';
import { LinkedVideo, LinkedVideoDialog } from '../../features/videos/components/LinkedVideo';

/**
 * `/videos/:id`, the address a video is shared with (a video card's Share): the video is read by its id
 * (GET /api/videos/{id}) and shown with its player, over the Home section for a signed-in user, on a page of its own
 * for a visitor; an unknown or hidden video says it is not available. Back returns to `/`.
 */
export const VideoRoute = observer(function VideoRoute() {
  const { id = '' } = useParams();
  const { auth, videos, ui } = useStores();
  const navigate = useNavigate();
  const resolving = auth.isResolving;
  const signedIn = auth.user !== null;

  useEffect(() => {
    if (resolving) return;
    if (signedIn) ui.setSection('home');
    void videos.openLink(id);
  }, [resolving, signedIn, id, videos, ui]);

  // Leaving the link forgets it.
  useEffect(() => () => videos.closeLink(), [videos]);

  if (resolving) return <FullPageLoader label="Loading your account" />;
  if (signedIn) {
    return (
      <>
        <SignedInShell />
        <LinkedVideoDialog />
      </>
    );
  }
  return (
    <PageLayout>
      <LinkedVideo
        onBack={() => {
          videos.closeLink();
          navigate(PATHS.home);
        }}
      />
    </PageLayout>
  );
});
