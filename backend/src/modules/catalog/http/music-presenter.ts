import { Injectable } from '@nestjs/common';
import { Inject } from '@nestjs/common';
import { AccountsFacade } from '../../accounts/accounts.facade.js';
import type { TrackView } from '../application/music.use-cases.js';
import { shownStatus } from '../domain/media.js';
import type { Playlist } from '../domain/music.js';
import { ENGAGEMENT, type Engagement } from '../domain/ports.js';
import { MediaPresenter } from './media-presenter.js';
import type { MusicTrackDetailDto, MusicTrackDto, PlaylistDto } from './music.dto.js';

/** Track and playlist responses: owners and the caller's likes in one query each per page. */
@Injectable()
export class MusicPresenter {
  constructor(
    private readonly accounts: AccountsFacade,
    private readonly media: MediaPresenter,
    @Inject(ENGAGEMENT) private readonly engagement: Engagement,
  ) {}

  async tracks(items: TrackView[], viewer: string | null): Promise<MusicTrackDto[]> {
    const [owners, liked] = await Promise.all([this.accounts.summaries(items.map((t) => t.media.accountId)), this.engagement.likedBy(items.map((t) => t.media.id), viewer)]);
    return items.map(({ media: m, details: d }) => {
      const o = owners.get(m.accountId);
      const q = this.media.query(m, viewer);
      const mine = m.userId === viewer;
      return {
        id: m.id,
        title: m.title,
        artist: d.artist,
        album: d.album,
        genre: d.genre,
        content_type: d.contentType,
        monetization_enabled: m.monetizationEnabled,
        plays: Number(m.views),
        likes: m.likes,
        liked: liked.has(m.id),
        duration_seconds: m.durationSeconds,
        cover_url: this.media.thumbnailUrl(m, viewer),
        stream_url: `/api/music/tracks/${m.id}/stream${q}`,
        hls_url: m.status === 'ready' && m.hlsRenditions.length ? `/api/music/tracks/${m.id}/hls/master.m3u8${q}` : null,
        status: shownStatus(m.status),
        failure_reason: mine ? m.failureReason : null,
        created_at: m.createdAt.toISOString(),
        owner: o ? { handle: o.handle, display_name: o.displayName } : { handle: 'deleted', display_name: 'Deleted account' },
        is_owner: mine,
      };
    });
  }

  async track(item: TrackView, viewer: string | null): Promise<MusicTrackDetailDto> {
    const [card] = await this.tracks([item], viewer);
    return { ...card, peaks: item.details.peaks };
  }

  playlist(p: Playlist, trackIds: string[] = p.trackIds): PlaylistDto {
    return { id: p.id, name: p.name, track_ids: trackIds, is_public: p.isPublic, created_at: p.createdAt.toISOString(), updated_at: p.updatedAt.toISOString() };
  }
}
