import { useLocation, useNavigate } from 'react-router-dom';
import { useStores } from './StoreProvider';
import { signInPath } from '../shared/paths';

/**
 * Actions that need an account (like, comment, follow, upload, report, pay): for a signed-in user the action runs; a
 * visitor is taken to sign in, and comes back to the page they were on (path, query and hash) afterwards.
 */
export function useRequireAccount() {
  const { auth } = useStores();
  const navigate = useNavigate();
  const location = useLocation();
  const here = `${location.pathname}${location.search}${location.hash}`;

  return {
    signedIn: auth.user !== null,
    /** Where a visitor signs in and returns here. */
    signInHref: signInPath(here),
    /** Runs `action` for a signed-in user; sends a visitor to sign in. */
    requireAccount(action: () => void): void {
      if (auth.user) action();
      else navigate(signInPath(here));
    },
  };
}
