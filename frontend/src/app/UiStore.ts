import { makeAutoObservable } from 'mobx';
import type { RootStore } from './RootStore';
import type { SectionId } from '../features/shell/navigation';

export type AuthPanel = 'login' | 'register';

/** What the screen shows: the signed-in shell's section (no route change) and the landing's open form. */
export class UiStore {
  activeSection: SectionId = 'home';
  authPanel: AuthPanel | null = null;

  constructor(readonly root: RootStore) {
    makeAutoObservable(this, { root: false }, { autoBind: true });
  }

  setSection(section: SectionId): void {
    this.activeSection = section;
  }

  openAuthPanel(panel: AuthPanel): void {
    this.authPanel = panel;
  }

  closeAuthPanel(): void {
    this.authPanel = null;
  }

  /** Back to the defaults, after signing out. */
  reset(): void {
    this.activeSection = 'home';
    this.authPanel = null;
  }
}
