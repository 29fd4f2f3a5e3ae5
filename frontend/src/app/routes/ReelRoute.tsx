import { useEffect } from 'react';
import { observer } from 'mobx-react-lite';
import { useParams } from 'react-router-dom';
import { useStores } from '../../stores/StoreProvider';
import { FullPageLoader } from '../../shared/FullPageLoader';
import { SignedInShell } from '../shell/SignedInShell';
import { ReelsViewer } from '../../features/reels/components/ReelsViewer';
import { FeatureOff } from '../../features/features/components/FeatureOff';
import { Container } from '@mantine/core';

/**
 * `/reels/:id`, the address a reel is shared with (seed 002 §2.1): the viewer opens on that reel, read by its id, over
 * the Shorts section for a signed-in user, on its own for a visitor; an unknown or hidden reel says it is not
 * available. Back returns to `/`.
 */
export const ReelRoute = observer(function ReelRoute() {
  const { id = '' } = useParams();
  const { auth, reels, ui, features } = useStores();
  const resolving = auth.isResolving;
  const signedIn = auth.user !== null;
  const reelsOn = features.isEnabled('reels');

  useEffect(() => {
    if (resolving) return;
    if (signedIn) ui.setSection('reels');
    if (reelsOn) void reels.openById(id);
  }, [resolving, signedIn, id, reels, ui, reelsOn]);

  if (resolving) return <FullPageLoader label="Loading your account" />;
  // Shorts switched off: the shell says so in the Shorts section; a visitor gets the same message on its own.
  if (!reelsOn && !signedIn) {
    return (
      <Container size="sm" py="xl">
        <FeatureOff title="Shorts" />
      </Container>
    );
  }
  return signedIn ? <SignedInShell /> : <ReelsViewer />;
});
