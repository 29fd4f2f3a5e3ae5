import { makeAutoObservable } from 'mobx';
import type { RootStore } from './RootStore';

/**
 * The signed-in shell's sections (seed 002 §2.2). They switch by store state, not by route.
 * Only sections that work are listed; a new section adds its id here, an entry in NAV_GROUPS
 * (app/shell/navigation.ts) and its component in app/shell/sections.tsx. `settings` (Account Settings, seed 000 §2)
 * and `help` are reached from the header's menus, not from the side navigation.
 */
export type SectionId = 'home' | 'reels' | 'social' | 'videos' | 'search' | 'video-upload' | 'editor' | 'movies' | 'music' | 'podcasts' | 'settings' | 'help' | 'premium' | 'memberships' | 'earnings' | 'monetization' | 'updates' | 'live' | 'gaming' | 'ads' | 'sports';

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
  /** The server said a new version of the app is being served (an admin's `frontend` restart): offer a reload. */
  appUpdated = false;
  /** The open tab of the sections that have tabs (Shorts: browse or upload; Uploads: large or small…). */
  sectionTabs: Partial<Record<SectionId, string>> = {};

  constructor(readonly root: RootStore) {
    makeAutoObservable(this, { root: false }, { autoBind: true });
  }

  markAppUpdated(): void {
    this.appUpdated = true;
  }

  dismissAppUpdated(): void {
    this.appUpdated = false;
  }

  /** Shows `section`, on `tab` when given (the Create menu's Upload short opens the Shorts upload tab). */
  setSection(section: SectionId, tab?: string): void {
    this.activeSection = section;
    if (tab) this.sectionTabs = { ...this.sectionTabs, [section]: tab };
  }

  /** The open tab of `section`, or `fallback` before one was chosen. */
  tabOf<T extends string>(section: SectionId, fallback: T): T {
    return (this.sectionTabs[section] as T | undefined) ?? fallback;
  }

  setTab(section: SectionId, tab: string): void {
    this.sectionTabs = { ...this.sectionTabs, [section]: tab };
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
    this.sectionTabs = {};
  }
}
