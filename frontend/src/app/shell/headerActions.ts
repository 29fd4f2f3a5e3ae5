import type { ComponentType } from 'react';
import { FilmIcon, LiveIcon, UploadIcon, type IconProps } from '../../shared/icons';
import type { FeatureName } from '../../features/features/FeaturesStore';

/** The info toast of a header search while no search section exists (seed 002 §2.2). */
export const searchToast = (query: string) => `Search is coming soon. You searched for "${query}".`;

export type CreateItem = (
  | { label: string; icon: ComponentType<IconProps>; section: string; /** The tab the section opens on. */ tab?: string }
  | { label: string; icon: ComponentType<IconProps>; toast: string }
  | { label: string; icon: ComponentType<IconProps>; /** A page of its own route. */ path: string }
) & { /** Offered only while every one of these features is on. */ features?: readonly FeatureName[] };

/**
 * The Create menu of seed 000 §2, in its order. An item that opens a section is offered only once that section
 * exists (see `registeredSection`), so no item does nothing.
 */
export const CREATE_ITEMS: readonly CreateItem[] = [
  { label: 'Upload video', icon: UploadIcon, section: 'video-upload', features: ['uploads'] },
  { label: 'Upload short', icon: UploadIcon, section: 'reels', tab: 'upload', features: ['uploads', 'reels'] },
  // The Live section's Go Live tab (seed 002 §2.7), at its own address.
  { label: 'Go live', icon: LiveIcon, path: '/live?tab=go-live', features: ['live'] },
  { label: 'Upload music', icon: UploadIcon, section: 'music', tab: 'upload', features: ['uploads', 'music'] },
  // The Podcasts section's Upload tab (seed 002 §2.9), at its own address.
  { label: 'Upload podcast episode', icon: UploadIcon, path: '/podcasts?tab=upload', features: ['uploads', 'podcasts'] },
  { label: 'Creator Studio', icon: FilmIcon, section: 'editor' },
];

/** Sections the header opens directly. */
export const HEADER_SECTIONS = { search: 'search', cinema: 'movies' } as const;
