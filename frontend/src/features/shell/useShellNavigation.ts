import { useLocation, useNavigate } from 'react-router-dom';
import { useStores } from '../../app/StoreProvider';
import { PATHS } from '../../app/paths';
import type { SettingsTab } from '../../app/UiStore';
import type { SectionId } from './navigation';

/**
 * Opens a section of the signed-in shell from anywhere: the header and footer also show on the pages of
 * their own routes (/terms, /help…), from where the shell is one navigation away.
 */
export function useShellNavigation() {
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
