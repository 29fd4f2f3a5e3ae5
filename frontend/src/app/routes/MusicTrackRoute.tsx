import { observer } from 'mobx-react-lite';
import { useParams } from 'react-router-dom';
import { useStores } from '../../stores/StoreProvider';
import { FullPageLoader } from '../../shared/FullPageLoader';
import { TrackPage } from '../../features/music/components/TrackPage';
import { FeatureOff } from '../../features/features/components/FeatureOff';
import { PageLayout } from '../shell/PageLayout';

/**
 * `/music/tracks/:id`, a music track's page (where a track's title leads), for visitors and signed-in users alike,
 * with the header as each sees it. With music switched off the page says so.
 */
export const MusicTrackRoute = observer(function MusicTrackRoute() {
  const { id = '' } = useParams();
  const { auth, features } = useStores();
  if (auth.isResolving) return <FullPageLoader label="Loading your account" />;
  return <PageLayout size="xl">{features.isEnabled('music') ? <TrackPage id={id} /> : <FeatureOff title="Music" />}</PageLayout>;
});
