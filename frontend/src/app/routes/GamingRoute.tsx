import { useEffect } from 'react';
import { reaction } from 'mobx';
import { observer } from 'mobx-react-lite';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useStores } from '../../stores/StoreProvider';
import { FullPageLoader } from '../../shared/FullPageLoader';
import { PATHS } from '../../shared/paths';
import { SignedInShell } from '../shell/SignedInShell';

/**
 * `/gaming`: the shell on the Gaming section (seed 002 §2.10), on `?tab=` when given (streams, games, tournaments,
 * leaderboards, community). Choosing another section in the side navigation leaves `/gaming` for `/`.
 */
export const GamingRoute = observer(function GamingRoute() {
  const { ui, auth } = useStores();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const tab = params.get('tab') ?? undefined;

  useEffect(() => {
    ui.setSection('gaming', tab);
    return reaction(
      () => ui.activeSection,
      (section) => {
        if (section !== 'gaming') navigate(PATHS.home);
      },
    );
  }, [ui, tab, navigate]);

  if (auth.isResolving) return <FullPageLoader label="Loading your account" />;
  return <SignedInShell />;
});
