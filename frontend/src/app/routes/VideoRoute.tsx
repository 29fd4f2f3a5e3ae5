import { useParams } from 'react-router-dom';
import { PageLayout } from '../shell/PageLayout';
import { WatchPage } from '../../features/watch/components/WatchPage';

/**
 * `/videos/:id`, the watch page (the address a video is shared with): for visitors and signed-in users alike, with the
 * header as each sees it. An unknown or hidden video says it is not available.
 */
export function VideoRoute() {
  const { id = '' } = useParams();
  return (
    <PageLayout size="xl">
      <WatchPage id={id} />
    </PageLayout>
  );
}
