import type { ComponentType } from 'react';
import { HomeSection } from '../home/components/HomeSection';
import { AccountSettingsSection } from '../accounts/components/AccountSettingsSection';
import { HelpSection } from '../help/components/HelpSection';
import { ReelsSection } from '../reels/components/ReelsSection';
import { VideosSection } from '../videos/components/VideosSection';
import { UploadsSection } from '../uploads/components/UploadsSection';
import { EditorSection } from '../editor/components/EditorSection';
import { CinemaSection } from '../movies/components/CinemaSection';
import { SocialSection } from '../social/components/SocialSection';
import { SearchSection } from '../search/components/SearchSection';
import { PremiumSection } from '../premium/components/PremiumSection';
import { MembershipsSection } from '../memberships/components/MembershipsSection';
import { EarningsSection } from '../earnings/components/EarningsSection';
import { PartnerSection } from '../partner/components/PartnerSection';
import { OwnerSection } from '../owner/components/OwnerSection';
import type { SectionId } from './navigation';

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
  settings: AccountSettingsSection,
  help: HelpSection,
  earnings: EarningsSection,
  monetization: PartnerSection,
  updates: OwnerSection,
  premium: PremiumSection,
  memberships: MembershipsSection,
};

/**
 * `id` as a section of this build, or null when it does not exist yet. The header offers a control that
 * opens a section (Cinema room, the Create menu's uploads, search) only when that section exists.
 */
export function registeredSection(id: string): SectionId | null {
  return Object.hasOwn(SECTION_COMPONENTS, id) ? (id as SectionId) : null;
}
