import type { LiveStatus } from './live-stream.js';

/**
 * Live streams and chat messages as other contexts see them as content: found by search (social) and reported,
 * removed by moderation. Ports of the live context's own tables (SQL in infrastructure/pg-live-content.ts).
 */

/** A stream not ended as search shows it (its owner's name and viewers are added by the query). */
export interface LiveSearchRow {
  id: string;
  userId: string;
  title: string;
  description: string;
  game: string | null;
  status: Exclude<LiveStatus, 'ended'>;
  isVertical: boolean;
  superChatEnabled: boolean;
  likes: number;
  createdAt: Date;
}

/** A chat message as moderation sees it (deleted ones too: `deletedAt`). */
export interface ChatMessageRecord {
  id: string;
  streamId: string;
  userId: string;
  username: string;
  message: string;
  createdAt: Date;
  deletedAt: Date | null;
}

export interface LiveContentStore {
  /**
   * Streams not ended whose title, game or description holds every word (the last one as a prefix), or whose owner is
   * one of `ownerIds`: the best matches first (title and game over description), then the most watched, the newest.
   * With `gaming`, only gaming streams (those with a game).
   */
  search(words: string[], ownerIds: string[], limit: number, gaming?: boolean): Promise<LiveSearchRow[]>;
  /**
   * Streams not ended whose title is like `folded` by trigrams (a typo), most similar first, leaving out `except`.
   * With `gaming`, only gaming streams, whose game may be the one like `folded`.
   */
  similar(folded: string, limit: number, except: string[], gaming?: boolean): Promise<LiveSearchRow[]>;
  chatMessage(id: string): Promise<ChatMessageRecord | null>;
  /**
   * Moderation takes a stream down: ended now if it was not (true then), and its recording never published (`record`
   * off unless it was published already). Inside the caller's transaction, the row locked.
   */
  endByModeration(streamId: string, now: Date): Promise<{ endedNow: boolean; recordingMediaId: string | null } | null>;
}

export const LIVE_CONTENT = Symbol('LiveContentStore');

/** Where the RTMP ingest of this process listens (null when it does not: off, another process's, or the port taken). */
export interface LiveIngestEndpoint {
  readonly port: number | null;
}

export const LIVE_INGEST_ENDPOINT = Symbol('LiveIngestEndpoint');
