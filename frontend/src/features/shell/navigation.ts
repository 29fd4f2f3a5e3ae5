import type { ComponentType } from 'react';
import { FilmIcon, HomeIcon, ScissorsIcon, SearchIcon, ShortsIcon, UploadIcon, UsersIcon, VideoIcon, type IconProps } from '../../shared/icons';

/**
 * The signed-in shell's sections (seed 002 §2.2). They switch by store state, not by route.
 * Only sections that work are listed; a new section adds its id here, an entry in NAV_GROUPS
 * and its component in sections.tsx. `settings` (Account Settings, seed 000 §2) and `help` are reached
 * from the header's menus, not from the side navigation.
 */
export type SectionId = 'home' | 'reels' | 'social' | 'videos' | 'search' | 'video-upload' | 'editor' | 'movies' | 'settings' | 'help';

/** Side navigation groups, in the order of seed 002 §2.2. */
export type NavGroupId = 'main' | 'install' | 'library' | 'explore' | 'studio' | 'entertainment' | 'premium';

export interface NavItem {
  section: SectionId;
  label: string;
  icon: ComponentType<IconProps>;
}

export interface NavGroup {
  id: NavGroupId;
  /** Heading shown above the group; the main group has none. */
  label: string | null;
  items: NavItem[];
}

export const NAV_GROUPS: readonly NavGroup[] = [
  {
    id: 'main',
    label: null,
    items: [
      { section: 'home', label: 'Home', icon: HomeIcon },
      { section: 'reels', label: 'Shorts', icon: ShortsIcon },
      { section: 'social', label: 'Subscriptions', icon: UsersIcon },
    ],
  },
  { id: 'install', label: 'Install app', items: [] },
  {
    id: 'library',
    label: 'Your Library',
    items: [
      { section: 'videos', label: 'Your videos', icon: VideoIcon },
      { section: 'search', label: 'History', icon: SearchIcon },
    ],
  },
  { id: 'explore', label: 'Explore', items: [] },
  {
    id: 'studio',
    label: 'Creator Studio',
    items: [
      { section: 'video-upload', label: 'Uploads', icon: UploadIcon },
      { section: 'editor', label: 'Editor Studio', icon: ScissorsIcon },
    ],
  },
  { id: 'entertainment', label: 'Entertainment', items: [{ section: 'movies', label: 'Cinema room', icon: FilmIcon }] },
  { id: 'premium', label: 'Premium', items: [] },
];

/** The groups the side navigation shows: a group without a working section yet is left out. */
export function visibleNavGroups(groups: readonly NavGroup[] = NAV_GROUPS): NavGroup[] {
  return groups.filter((group) => group.items.length > 0);
}
