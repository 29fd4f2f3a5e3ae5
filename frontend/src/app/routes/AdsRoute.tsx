import { useEffect } from 'react';
import { reaction } from 'mobx';
import { observer } from 'mobx-react-lite';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useStores } from '../../stores/StoreProvider';
import { FullPageLoader } from '../../shared/FullPageLoader';
import { PATHS, signInPath } from '../../shared/paths';
import { SignedInShell } from '../shell/SignedInShell';

/**
 * `/ads`: the shell on the Ads Manager (seed 002 §2.13), on `?tab=` when given (overview, campaigns, analytics). It is
 * a Creator Studio section, so a visitor signs in first and comes back here. Choosing another section leaves `/ads` for `/`.
 */
export const AdsRoute = observer(function AdsRoute() {
  const { ui, auth } = useStores();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const tab = params.get('tab') ?? undefined;

  useEffect(() => {
    ui.setSection('ads', tab);
    return reaction(
      () => ui.activeSection,
      (section) => {
        if (section !== 'ads') navigate(PATHS.home);
      },
    );
  }, [ui, tab, navigate]);

  if (auth.isResolving) return <FullPageLoader label="Loading your account" />;
  if (!auth.user) return <Navigate to={signInPath(location.pathname + location.search)} replace />;
  return <SignedInShell />;
});
