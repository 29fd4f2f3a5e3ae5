import { useEffect } from 'react';
import { observer } from 'mobx-react-lite';
import { useParams } from 'react-router-dom';
import { useStores } from '../../stores/StoreProvider';
import { FullPageLoader } from '../../shared/FullPageLoader';
import { LandingPage } from './LandingPage';
import { SignedInShell } from '../shell/SignedInShell';

/**
 * `/movies/:id`, the address a movie is shared with: the Cinema room with that movie's dialog open (the movie is read
 * by its id; one the server does not show says so). Movies are for signed-in users, so a visitor sees the landing.
 */
export const MovieRoute = observer(function MovieRoute() {
  const { id = '' } = useParams();
  const { auth, movies, ui } = useStores();
  const resolving = auth.isResolving;
  const signedIn = auth.user !== null;

  useEffect(() => {
    if (resolving || !signedIn) return;
    ui.setSection('movies');
    void movies.openById(id);
  }, [resolving, signedIn, id, movies, ui]);

  if (resolving) return <FullPageLoader label="Loading your account" />;
  return signedIn ? <SignedInShell /> : <LandingPage />;
});
