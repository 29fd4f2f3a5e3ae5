import { useParams } from 'react-router-dom';
import { ChannelView } from '../../features/channels/components/ChannelView';
import { PageLayout } from '../shell/PageLayout';

/** `/c/:handle`: a channel's page, for visitors and signed-in users alike. */
export function ChannelRoute() {
  const { handle = '' } = useParams();
  return (
    <PageLayout size="xl">
      <ChannelView handle={handle} />
    </PageLayout>
  );
}
