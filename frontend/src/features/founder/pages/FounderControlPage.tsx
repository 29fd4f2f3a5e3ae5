import { lazy, Suspense, useEffect } from 'react';
import { observer } from 'mobx-react-lite';
import { useStores } from '../../../stores/StoreProvider';
import { FullPageLoader } from '../../../shared/FullPageLoader';
import { founderStoreOf } from '../FounderStore';
import { FounderAccessScreen } from '../components/FounderAccessScreen';

// The dashboard and its charts load only when a founder signs in: nobody else downloads them.
const FounderDashboard = lazy(() => import('../components/FounderDashboard').then((module) => ({ default: module.FounderDashboard })));

/**
 * The hidden founder route (`/ct-scriven-founder-control`, seed 002 §2.1): the founder access screen, or with a
 * founder token the dashboard (seed 001 §2). A stored token is checked with the analytics call first.
 */
export const FounderControlPage = observer(function FounderControlPage() {
  const root = useStores();
  const founder = founderStoreOf(root);

  useEffect(() => {
    void founder.init();
  }, [founder]);

  if (founder.session === 'checking') return <FullPageLoader label="Checking founder session" />;
  if (founder.session === 'signedOut') return <FounderAccessScreen store={founder} />;
  return (
    <Suspense fallback={<FullPageLoader label="Opening the founder dashboard" />}>
      <FounderDashboard store={founder} />
    </Suspense>
  );
});
