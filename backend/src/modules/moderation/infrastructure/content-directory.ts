import { Injectable } from '@nestjs/common';
import { AccountsFacade } from '../../accounts/accounts.facade.js';
import { CatalogFacade } from '../../catalog/catalog.facade.js';
import { LiveFacade } from '../../live/live.facade.js';
import { SocialFacade } from '../../social/social.facade.js';
import type { ContentPreview, ContentSnapshot, ContentType } from '../domain/content.js';
import type { ContentDirectory } from '../domain/ports.js';

/** How moderation finds, shows, takes down and brings back one kind of content (every call idempotent). */
interface ContentResolver {
  find(id: string, viewerUserId: string): Promise<ContentSnapshot | null>;
  remove(id: string, opts: { purgeFiles: boolean }): Promise<void>;
  restore(id: string): Promise<boolean>;
  purge(id: string): Promise<void>;
  /**
   * The item whose playback previews this content (itself, or the item a comment is on), and whether its removal shows
   * (a comment's item being up or down says nothing of the comment); null when nothing is playable.
   */
  previewOf(id: string, snapshot: ContentSnapshot): { mediaId: string; showsRemoval: boolean } | null;
  /** For content that is not media but can be down and back up (community posts): whether each is removed now. */
  removedNow?(ids: string[]): Promise<Map<string, boolean>>;
}

const empty = { title: null, description: null, text: null, channelName: null, handle: null, thumbnailUrl: null, mediaKind: null, mediaId: null, durationSeconds: null };

/**
 * Every kind of content moderation knows (CONTENT_KINDS), each through the facade of the context that owns it: the
 * catalog's media and comments, accounts' channels, live's streams and chat messages, social's community posts. A new kind adds its resolver here (the Record makes it required).
 */
@Injectable()
export class FacadeContentDirectory implements ContentDirectory {
  private readonly resolvers: Record<ContentType, ContentResolver>;

  constructor(
    private readonly catalog: CatalogFacade,
    accounts: AccountsFacade,
    live: LiveFacade,
    social: SocialFacade,
  ) {
    const media = (kind: 'video' | 'reel' | 'movie' | 'track' | 'episode'): ContentResolver => ({
      async find(id, viewer) {
        const m = await catalog.mediaReportTarget(kind, id, viewer);
        return m ? { ...empty, ownerUserId: m.ownerUserId, title: m.title, description: m.description, thumbnailUrl: m.thumbnailUrl, mediaKind: kind, mediaId: id, durationSeconds: m.durationSeconds } : null;
      },
      remove: (id, opts) => catalog.removeMediaByModeration(id, opts),
      restore: (id) => catalog.restoreMediaByModeration(id),
      purge: (id) => catalog.purgeRemovedMedia(id),
      previewOf: (id) => ({ mediaId: id, showsRemoval: true }),
    });
    this.resolvers = {
      video: media('video'),
      reel: media('reel'),
      movie: media('movie'),
      track: media('track'),
      episode: media('episode'),
      comment: {
        async find(id, viewer) {
          const c = await catalog.commentReportTarget(id, viewer);
          return c ? { ...empty, ownerUserId: c.ownerUserId, title: c.mediaTitle, text: c.text, mediaKind: c.mediaKind, mediaId: c.mediaId } : null;
        },
        remove: (id) => catalog.removeCommentByModeration(id),
        // A removed comment is deleted for good.
        restore: async () => false,
        purge: async () => undefined,
        // The item the comment is on; whether the comment itself is gone is the case's to say.
        previewOf: (_id, s) => (s.mediaId ? { mediaId: s.mediaId, showsRemoval: false } : null),
      },
      user: {
        async find(id, viewer) {
          const ch = await accounts.channelReportTarget(id, viewer);
          return ch ? { ...empty, ownerUserId: ch.ownerUserId, title: ch.name, description: ch.bio, channelName: ch.name, handle: ch.handle, thumbnailUrl: ch.photoUrl } : null;
        },
        // A profile is never removed (its owner is struck instead).
        remove: async () => undefined,
        restore: async () => false,
        purge: async () => undefined,
        previewOf: () => null,
      },
      live_stream: {
        // Anyone may open any stream (visitors too), ended ones included.
        async find(id) {
          const s = await live.streamReportTarget(id);
          return s ? { ...empty, ownerUserId: s.ownerUserId, title: s.title, description: s.description, mediaKind: 'live_stream', mediaId: id } : null;
        },
        // Ends it now (its pages are told, its publisher cut off) for good; the video its recording became, if it had
        // one, goes with it, files and all (a stream cannot come back, so neither does its recording).
        async remove(id) {
          const { recordingMediaId } = await live.removeStreamByModeration(id);
          if (recordingMediaId) await catalog.removeMediaByModeration(recordingMediaId, { purgeFiles: true });
        },
        restore: async () => false,
        purge: async () => undefined,
        previewOf: () => null,
      },
      live_chat_message: {
        async find(id) {
          const m = await live.chatMessageReportTarget(id);
          return m ? { ...empty, ownerUserId: m.ownerUserId, title: m.streamTitle, text: m.text, mediaKind: 'live_stream', mediaId: m.streamId } : null;
        },
        remove: (id) => live.removeChatMessageByModeration(id),
        // A removed chat message is deleted for good.
        restore: async () => false,
        purge: async () => undefined,
        previewOf: () => null,
      },
      community_post: {
        // Anyone may open a post (visitors too); a removed one is not there to report.
        async find(id) {
          const p = await social.communityPostReportTarget(id);
          return p ? { ...empty, ownerUserId: p.ownerUserId, title: p.title, text: p.content } : null;
        },
        // Hidden from everyone until restored (an overturned strike) or purged (the appeal window closed).
        remove: (id) => social.removeCommunityPostByModeration(id),
        restore: (id) => social.restoreCommunityPostByModeration(id),
        purge: (id) => social.purgeRemovedCommunityPost(id),
        previewOf: () => null,
        removedNow: (ids) => social.communityPostsRemoved(ids),
      },
    };
  }

  find(type: ContentType, id: string, viewerUserId: string): Promise<ContentSnapshot | null> {
    return this.resolvers[type].find(id, viewerUserId);
  }

  remove(type: ContentType, id: string, opts: { purgeFiles: boolean }): Promise<void> {
    return this.resolvers[type].remove(id, opts);
  }

  restore(type: ContentType, id: string): Promise<boolean> {
    return this.resolvers[type].restore(id);
  }

  purge(type: ContentType, id: string): Promise<void> {
    return this.resolvers[type].purge(id);
  }

  async preview(type: ContentType, id: string, snapshot: ContentSnapshot): Promise<ContentPreview | null> {
    return (await this.previews([{ type, id, snapshot }]))[0];
  }

  /** The previews of a page of cases with one catalog query, whatever their kinds. */
  async previews(items: { type: ContentType; id: string; snapshot: ContentSnapshot }[]): Promise<(ContentPreview | null)[]> {
    const sources = items.map((it) => this.resolvers[it.type].previewOf(it.id, it.snapshot));
    const ids = sources.flatMap((s) => (s ? [s.mediaId] : []));
    const playbacks = ids.length ? await this.catalog.mediaPlaybacks(ids) : new Map<string, ContentPreview>();
    // Kinds that are not played but can be down and back up: nothing to play, only whether they are down now.
    const states = new Map<ContentType, Map<string, boolean>>();
    for (const type of new Set(items.map((it) => it.type))) {
      const removedNow = this.resolvers[type].removedNow;
      if (removedNow) states.set(type, await removedNow(items.filter((it) => it.type === type).map((it) => it.id)));
    }
    return sources.map((s, i) => {
      const state = states.get(items[i].type)?.get(items[i].id);
      if (state !== undefined) return { streamUrl: null, thumbnailUrl: null, removed: state };
      const p = s ? playbacks.get(s.mediaId) : undefined;
      if (!s || !p) return null;
      return s.showsRemoval ? p : { ...p, removed: false };
    });
  }
}
