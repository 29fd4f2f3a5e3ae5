import type { components } from '../../api/schema';

type Schemas = components['schemas'];

export type MusicTrack = Schemas['MusicTrackDto'];
export type MusicTrackDetail = Schemas['MusicTrackDetailDto'];
export type Playlist = Schemas['PlaylistDto'];
export type PlaylistDetail = Schemas['PlaylistDetailDto'];

/** The tabs of the music section (seed 002 §2.8). */
export type MusicTab = 'library' | 'videos' | 'playlists' | 'upload' | 'discover';
