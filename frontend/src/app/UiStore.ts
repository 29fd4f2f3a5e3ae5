import { makeAutoObservable } from 'mobx';
import type { RootStore } from './RootStore';
import type { SectionId } from '../features/shell/navigation';

export type AuthPanel = 'login' | 'register';

/** The tabs of the Account Settings screen (seed 000 §2). */
export type SettingsTab = 'accounts' | 'profile' | 'settings' | 'privacy';

/**
 * What the screen shows: the signed-in shell's section (no route change), the Account Settings tab, the
 * dialogs the header opens, and the landing's open form.
 */
export class UiStore {
  activeSection: SectionId = 'home';
  settingsTab: SettingsTab = 'accounts';
  authPanel: AuthPanel | null = null;
  addAccountOpen = false;
  feedbackOpen = false;
  /** The last query of the header's search, for the search section. */
  searchQuery = '';

  constructor(readonly root: RootStore) {
    makeAutoObservable(this, { root: false }, { autoBind: true });
  }

  setSection(section: SectionId): void {
    this.activeSection = section;
  }

  setSearchQuery(query: string): void {
    this.searchQuery = query;
  }

  /** The Account Settings screen on one of its tabs. */
  openSettings(tab: SettingsTab): void {
    this.settingsTab = tab;
    this.activeSection = 'settings';
  }

  setSettingsTab(tab: SettingsTab): void {
    this.settingsTab = tab;
  }

  openAddAccount(): void {
    this.addAccountOpen = true;
  }

  closeAddAccount(): void {
    this.addAccountOpen = false;
  }

  openFeedback(): void {
    this.feedbackOpen = true;
  }

  closeFeedback(): void {
    this.feedbackOpen = false;
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
    this.settingsTab = 'accounts';
    this.authPanel = null;
    this.addAccountOpen = false;
    this.feedbackOpen = false;
    this.searchQuery = '';
  }
}
