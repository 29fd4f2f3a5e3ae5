import { useEffect } from 'react';
import { observer } from 'mobx-react-lite';
import { useParams } from 'react-router-dom';
import { useStores } from '../../stores/StoreProvider';
import { FullPageLoader } from '../../shared/FullPageLoader';
import { SignedInShell } from '../shell/SignedInShell';

/**
 * `/movies/:id`, the address a movie is shared with: the Cinema room with that movie's dialog open (the movie is read
 * by its id; one the server does not show says so), for visitors and signed-in users alike. A premium movie says what
 * it needs.
 */
export const MovieRoute = observer(function MovieRoute() {
  const { id = '' } = useParams();
  const { auth, movies, ui } = useStores();
  const resolving = auth.isResolving;

  useEffect(() => {
    if (resolving) return;
    ui.setSection('movies');
    void movies.openById(id);
  }, [resolving, id, movies, ui]);

  if (resolving) return <FullPageLoader label="Loading your account" />;
  return <SignedInShell />;
});
