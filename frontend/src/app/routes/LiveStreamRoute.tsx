import { observer } from 'mobx-react-lite';
import { useParams } from 'react-router-dom';
import { useStores } from '../../stores/StoreProvider';
import { FullPageLoader } from '../../shared/FullPageLoader';
import { LiveWatchPage } from '../../features/live/components/LiveWatchPage';
import { PaymentProcessingOverlay } from '../../features/payments/components/PaymentProcessingOverlay';
import { PageLayout } from '../shell/PageLayout';
import { FeatureOff } from '../../features/features/components/FeatureOff';

/**
 * `/live/:id`, a live stream's watch view (Join Stream, shared links, gaming's Streams tab), for visitors and signed-in
 * users alike. A Super Chat's checkout comes back here (`?session_id=…&type=super_chat`): the payment overlay checks it.
 */
export const LiveStreamRoute = observer(function LiveStreamRoute() {
  const { id = '' } = useParams();
  const { auth, features } = useStores();
  if (auth.isResolving) return <FullPageLoader label="Loading your account" />;
  return (
    <PageLayout size="xl">
      {features.isEnabled('live') ? <LiveWatchPage key={id} id={id} /> : <FeatureOff title="Live" />}
      {auth.user && <PaymentProcessingOverlay />}
    </PageLayout>
  );
});
