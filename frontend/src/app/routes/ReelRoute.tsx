import { useEffect } from 'react';
import { observer } from 'mobx-react-lite';
import { useParams } from 'react-router-dom';
import { useStores } from '../../stores/StoreProvider';
import { FullPageLoader } from '../../shared/FullPageLoader';
import { SignedInShell } from '../shell/SignedInShell';
import { ReelsViewer } from '../../features/reels/components/ReelsViewer';

/**
 * `/reels/:id`, the address a reel is shared with (seed 002 §2.1): the viewer opens on that reel, read by its id, over
 * the Shorts section for a signed-in user, on its own for a visitor; an unknown or hidden reel says it is not
 * available. Back returns to `/`.
 */
export const ReelRoute = observer(function ReelRoute() {
  const { id = '' } = useParams();
  const { auth, reels, ui } = useStores();
  const resolving = auth.isResolving;
  const signedIn = auth.user !== null;

  useEffect(() => {
    if (resolving) return;
    if (signedIn) ui.setSection('reels');
    void reels.openById(id);
  }, [resolving, signedIn, id, reels, ui]);

  if (resolving) return <FullPageLoader label="Loading your account" />;
  return signedIn ? <SignedInShell /> : <ReelsViewer />;
});
