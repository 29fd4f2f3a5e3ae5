import type { ComponentType } from 'react';
import {
  BadgeCheckIcon,
  ChartIcon,
  DollarIcon,
  FilmIcon,
  GamepadIcon,
  HeartIcon,
  HomeIcon,
  LiveIcon,
  MegaphoneIcon,
  ScissorsIcon,
  SearchIcon,
  ShortsIcon,
  StarIcon,
  UploadIcon,
  UsersIcon,
  VideoIcon,
  type IconProps,
} from '../../shared/icons';
import { BallIcon } from '../../features/sports/components/BallIcon';
import { MusicIcon } from '../../features/music/components/MusicIcon';
import { PodcastIcon } from '../../features/podcasts/components/PodcastIcon';
import type { SectionId } from '../../stores/UiStore';
import type { FeatureName } from '../../features/features/FeaturesStore';

/** Side navigation groups, in the order of seed 002 §2.2. */
export type NavGroupId = 'main' | 'install' | 'library' | 'explore' | 'studio' | 'entertainment' | 'premium';

export interface NavItem {
  section: SectionId;
  label: string;
  icon: ComponentType<IconProps>;
  /** Shown to admins (is_admin) only: the updates section (seed 002 §2.2). */
  adminOnly?: boolean;
  /** Shown to visitors too: what is public can be browsed without an account (seed 000 §1). */
  visitors?: boolean;
  /** Shown only while this feature is on (the instance's feature flags). */
  feature?: FeatureName;
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
      { section: 'home', label: 'Home', icon: HomeIcon, visitors: true },
      { section: 'reels', label: 'Shorts', icon: ShortsIcon, visitors: true, feature: 'reels' },
      { section: 'social', label: 'Subscriptions', icon: UsersIcon },
      { section: 'updates', label: 'Updates', icon: ChartIcon, adminOnly: true },
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
  {
    id: 'explore',
    label: 'Explore',
    items: [
      { section: 'live', label: 'Live', icon: LiveIcon, visitors: true, feature: 'live' },
      { section: 'gaming', label: 'Gaming', icon: GamepadIcon, visitors: true, feature: 'gaming' },
      { section: 'sports', label: 'Sports', icon: BallIcon, visitors: true },
    ],
  },
  {
    id: 'studio',
    label: 'Creator Studio',
    items: [
      { section: 'video-upload', label: 'Uploads', icon: UploadIcon, feature: 'uploads' },
      { section: 'editor', label: 'Editor Studio', icon: ScissorsIcon },
      { section: 'earnings', label: 'Earnings', icon: DollarIcon },
      { section: 'monetization', label: 'Partner program', icon: BadgeCheckIcon },
      { section: 'ads', label: 'Ads Manager', icon: MegaphoneIcon },
    ],
  },
  {
    id: 'entertainment',
    label: 'Entertainment',
    items: [
      { section: 'movies', label: 'Cinema room', icon: FilmIcon, visitors: true },
      { section: 'music', label: 'Music', icon: MusicIcon, visitors: true, feature: 'music' },
      { section: 'podcasts', label: 'Podcasts', icon: PodcastIcon, visitors: true, feature: 'podcasts' },
    ],
  },
  {
    id: 'premium',
    label: 'Premium',
    items: [
      { section: 'premium', label: 'Premium', icon: StarIcon },
      { section: 'memberships', label: 'Memberships', icon: HeartIcon },
    ],
  },
];

/** The feature a section belongs to (its side navigation entry's), when the instance can switch it off. */
export function featureOfSection(section: SectionId, groups: readonly NavGroup[] = NAV_GROUPS): FeatureName | null {
  for (const group of groups) for (const item of group.items) if (item.section === section && item.feature) return item.feature;
  return null;
}

/**
 * The groups the side navigation shows: admin-only items only to admins, to visitors only what they can browse, and
 * a group without a working section (for this viewer) is left out.
 */
export function visibleNavGroups(
  groups: readonly NavGroup[] = NAV_GROUPS,
  viewer: { isAdmin: boolean; signedIn?: boolean; isEnabled?: (feature: FeatureName) => boolean } = { isAdmin: false, signedIn: true },
): NavGroup[] {
  const signedIn = viewer.signedIn ?? true;
  const on = (item: NavItem) => !item.feature || (viewer.isEnabled?.(item.feature) ?? true);
  return groups
    .map((group) => ({ ...group, items: group.items.filter((item) => (!item.adminOnly || viewer.isAdmin) && (signedIn || item.visitors) && on(item)) }))
    .filter((group) => group.items.length > 0);
}
