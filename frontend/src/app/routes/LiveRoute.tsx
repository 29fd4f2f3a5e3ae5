import { useEffect } from 'react';
import { reaction } from 'mobx';
import { observer } from 'mobx-react-lite';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useStores } from '../../stores/StoreProvider';
import { FullPageLoader } from '../../shared/FullPageLoader';
import { PATHS } from '../../shared/paths';
import { SignedInShell } from '../shell/SignedInShell';

/**
 * `/live`: the shell on the Live section (seed 002 §2.7), on `?tab=` when given (the header's Go live opens `go-live`).
 * Choosing another section in the side navigation leaves `/live` for `/`.
 */
export const LiveRoute = observer(function LiveRoute() {
  const { ui, auth } = useStores();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const tab = params.get('tab') ?? undefined;

  useEffect(() => {
    ui.setSection('live', tab);
    return reaction(
      () => ui.activeSection,
      (section) => {
        if (section !== 'live') navigate(PATHS.home);
      },
    );
  }, [ui, tab, navigate]);

  if (auth.isResolving) return <FullPageLoader label="Loading your account" />;
  return <SignedInShell />;
});
