import { useEffect } from 'react';
import { observer } from 'mobx-react-lite';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useStores } from '../../stores/StoreProvider';
import { FullPageLoader } from '../../shared/FullPageLoader';
import { safeNext } from '../../shared/paths';
import { LandingPage } from './LandingPage';

/**
 * `/signin?next=…`: what Scriven is and holds, with the sign-in form open (Create account switches to registration).
 * Once someone is signed in, the page they came from (`next`, a path of this app) opens again.
 */
export const SignInRoute = observer(function SignInRoute() {
  const { auth, ui } = useStores();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  const signedIn = auth.user !== null;

  useEffect(() => {
    if (!ui.authPanel) {
      auth.clearFormMessages();
      ui.openAuthPanel('login');
    }
  }, [auth, ui]);

  useEffect(() => {
    if (!signedIn) return;
    ui.closeAuthPanel();
    navigate(next, { replace: true });
  }, [signedIn, next, navigate, ui]);

  if (auth.isResolving || signedIn) return <FullPageLoader label="Loading your account" />;
  return <LandingPage />;
});
