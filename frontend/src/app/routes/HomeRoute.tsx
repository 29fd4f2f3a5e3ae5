import { observer } from 'mobx-react-lite';
import { useStores } from '../../stores/StoreProvider';
import { FullPageLoader } from '../../shared/FullPageLoader';
import { LandingPage } from './LandingPage';
import { SignedInShell } from '../shell/SignedInShell';

/** `/`: the signed-in shell when a user exists, otherwise the landing; a spinner while resolving. */
export const HomeRoute = observer(function HomeRoute() {
  const { auth } = useStores();
  if (auth.isResolving) return <FullPageLoader label="Loading your account" />;
  return auth.user ? <SignedInShell /> : <LandingPage />;
});
