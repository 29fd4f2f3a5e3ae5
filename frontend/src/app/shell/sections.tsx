import type { ComponentType } from 'react';
import { HomeSection } from '../../features/home/components/HomeSection';
import { AccountSettingsSection } from '../../features/accounts/components/AccountSettingsSection';
import { HelpSection } from '../../features/help/components/HelpSection';
import { ReelsSection } from '../../features/reels/components/ReelsSection';
import { VideosSection } from '../../features/videos/components/VideosSection';
import { UploadsSection } from '../../features/uploads/components/UploadsSection';
import { EditorSection } from '../../features/editor/components/EditorSection';
import { CinemaSection } from '../../features/movies/components/CinemaSection';
import { MusicSection } from '../../features/music/components/MusicSection';
import { PodcastsSection } from '../../features/podcasts/components/PodcastsSection';
import { SocialSection } from '../../features/social/components/SocialSection';
import { SearchSection } from '../../features/search/components/SearchSection';
import { PremiumSection } from '../../features/premium/components/PremiumSection';
import { MembershipsSection } from '../../features/memberships/components/MembershipsSection';
import { EarningsSection } from '../../features/earnings/components/EarningsSection';
import { PartnerSection } from '../../features/partner/components/PartnerSection';
import { OwnerSection } from '../../features/owner/components/OwnerSection';
import { LiveSection } from '../../features/live/components/LiveSection';
import { GamingSection } from '../../features/gaming/components/GamingSection';
import { AdsSection } from '../../features/ads/components/AdsSection';
import { SportsSection } from '../../features/sports/components/SportsSection';
import type { SectionId } from '../../stores/UiStore';

/** The component each section of the signed-in shell shows. */
export const SECTION_COMPONENTS: Record<SectionId, ComponentType> = {
  home: HomeSection,
  reels: ReelsSection,
  social: SocialSection,
  search: SearchSection,
  videos: VideosSection,
  'video-upload': UploadsSection,
  editor: EditorSection,
  movies: CinemaSection,
  music: MusicSection,
  podcasts: PodcastsSection,
  settings: AccountSettingsSection,
  help: HelpSection,
  earnings: EarningsSection,
  monetization: PartnerSection,
  updates: OwnerSection,
  premium: PremiumSection,
  memberships: MembershipsSection,
  live: LiveSection,
  gaming: GamingSection,
  ads: AdsSection,
  sports: SportsSection,
};

/**
 * `id` as a section of this build, or null when it does not exist yet. The header offers a control that
 * opens a section (Cinema room, the Create menu's uploads, search) only when that section exists.
 */
export function registeredSection(id: string): SectionId | null {
  return Object.hasOwn(SECTION_COMPONENTS, id) ? (id as SectionId) : null;
}
