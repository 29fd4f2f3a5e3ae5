import { observer } from 'mobx-react-lite';
import { useParams } from 'react-router-dom';
import { useStores } from '../../stores/StoreProvider';
import { FullPageLoader } from '../../shared/FullPageLoader';
import { MoviePage } from '../../features/movies/components/MoviePage';
import { PageLayout } from '../shell/PageLayout';

/**
 * `/movies/:id`, a movie's page (the address a movie is shared with, and where Watch Now leads): for visitors and
 * signed-in users alike, with the header as each sees it. A stored sign-in is checked first, so that the page knows
 * whether the viewer may play and rate it. An unknown or hidden movie says it is not available.
 */
export const MovieRoute = observer(function MovieRoute() {
  const { id = '' } = useParams();
  const { auth } = useStores();
  if (auth.isResolving) return <FullPageLoader label="Loading your account" />;
  return (
    <PageLayout size="xl">
      <MoviePage id={id} />
    </PageLayout>
  );
});
