import { useLocation, useNavigate } from 'react-router-dom';
import { useStores } from './StoreProvider';
import { PATHS } from '../shared/paths';
import type { SectionId, SettingsTab } from './UiStore';

/**
 * Opens a section of the signed-in shell from anywhere: the header and footer also show on the pages of
 * their own routes (/terms, /help…), from where the shell is one navigation away.
 */
export function useSectionNavigation() {
  const { ui } = useStores();
  const navigate = useNavigate();
  const { pathname } = useLocation();

  const toShell = () => {
    if (pathname !== PATHS.home) navigate(PATHS.home);
  };

  return {
    openSection(section: SectionId, tab?: string) {
      ui.setSection(section, tab);
      toShell();
    },
    openSettings(tab: SettingsTab) {
      ui.openSettings(tab);
      toShell();
    },
  };
}
