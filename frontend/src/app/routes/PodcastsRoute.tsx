import { useEffect } from 'react';
import { reaction } from 'mobx';
import { observer } from 'mobx-react-lite';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useStores } from '../../stores/StoreProvider';
import { FullPageLoader } from '../../shared/FullPageLoader';
import { PATHS } from '../../shared/paths';
import { SignedInShell } from '../shell/SignedInShell';
import type { PodcastTab } from '../../features/podcasts/types';

const TABS: readonly PodcastTab[] = ['discover', 'shows', 'upload', 'subscriptions', 'analytics'];

/**
 * `/podcasts`: the shell on the Podcasts section (seed 002 §2.9), on `?tab=` when given, or on the show `?show=<id>`
 * (the address each show's RSS feed links to). Choosing another section in the side navigation leaves for `/`.
 */
export const PodcastsRoute = observer(function PodcastsRoute() {
  const { ui, auth, podcasts } = useStores();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // Each visit (a show's link followed again, say from the player bar) opens the show anew.
  const { key } = useLocation();
  const tabParam = params.get('tab');
  const tab = tabParam && (TABS as readonly string[]).includes(tabParam) ? tabParam : undefined;
  const show = params.get('show');

  useEffect(() => {
    ui.setSection('podcasts', show ? 'shows' : tab);
    if (show) void podcasts.openShow(show);
    return reaction(
      () => ui.activeSection,
      (section) => {
        if (section !== 'podcasts') navigate(PATHS.home);
      },
    );
  }, [ui, podcasts, tab, show, navigate, key]);

  if (auth.isResolving) return <FullPageLoader label="Loading your account" />;
  return <SignedInShell />;
});
