import { useEffect } from 'react';
import { reaction } from 'mobx';
import { observer } from 'mobx-react-lite';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useStores } from '../../stores/StoreProvider';
import { FullPageLoader } from '../../shared/FullPageLoader';
import { PATHS } from '../../shared/paths';
import { isSport } from '../../features/sports/SportsStore';
import { SignedInShell } from '../shell/SignedInShell';

/**
 * `/sports`: the shell on the Sports section (seed 002 §2.12, sample data), on `?sport=` and `?tab=` when given.
 * Choosing another section in the side navigation leaves `/sports` for `/`.
 */
export const SportsRoute = observer(function SportsRoute() {
  const { ui, auth, sports } = useStores();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const tab = params.get('tab') ?? undefined;
  const sport = params.get('sport');

  useEffect(() => {
    ui.setSection('sports', tab);
    if (isSport(sport)) sports.selectSport(sport);
    return reaction(
      () => ui.activeSection,
      (section) => {
        if (section !== 'sports') navigate(PATHS.home);
      },
    );
  }, [ui, sports, tab, sport, navigate]);

  if (auth.isResolving) return <FullPageLoader label="Loading your account" />;
  return <SignedInShell />;
});
