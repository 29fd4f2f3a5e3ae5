import { observer } from 'mobx-react-lite';
import { useStores } from '../../stores/StoreProvider';
import { FullPageLoader } from '../../shared/FullPageLoader';
import { SignedInShell } from '../shell/SignedInShell';

/** `/`: the app's shell, for a signed-in user and for a visitor alike (visitors browse what is public); a spinner while resolving. */
export const HomeRoute = observer(function HomeRoute() {
  const { auth } = useStores();
  if (auth.isResolving) return <FullPageLoader label="Loading your account" />;
  return <SignedInShell />;
});
