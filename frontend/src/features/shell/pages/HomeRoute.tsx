import { observer } from 'mobx-react-lite';
import { useStores } from '../../../app/StoreProvider';
import { FullPageLoader } from '../../../shared/FullPageLoader';
import { LandingPage } from '../../auth/pages/LandingPage';
import { SignedInShell } from '../components/SignedInShell';

/** `/`: the signed-in shell when a user exists, otherwise the landing; a spinner while resolving. */
export const HomeRoute = observer(function HomeRoute() {
  const { auth } = useStores();
  if (auth.isResolving) return <FullPageLoader label="Loading your account" />;
  return auth.user ? <SignedInShell /> : <LandingPage />;
});
