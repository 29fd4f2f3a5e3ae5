import { Inject, Injectable } from '@nestjs/common';
import type { Response } from 'express';
import { APP_CONFIG, type AppConfig } from '../../../common/config/config.js';
import { AUDIO_CONTENT_TYPES, VIDEO_CONTENT_TYPES } from '../../../common/storage/sniff.js';
import { MediaService } from '../application/media.service.js';
import type { TrackView } from '../application/music.use-cases.js';
import { albumIdOf, albumNameOf, artistIdOf, type SubsonicAlbum, type SubsonicArtist } from '../application/subsonic.use-cases.js';
import type { Playlist } from '../domain/music.js';

/**
 * Subsonic's answers (http://www.subsonic.org/pages/api.jsp, API 1.16.1, with OpenSubsonic's extensions): a tree of
 * elements whose plain values are XML attributes and whose objects and arrays are child elements; JSON with `f=json`.
 */
export type SubsonicValue = string | number | boolean | null | undefined;
export interface SubsonicNode {
  [name: string]: SubsonicValue | SubsonicNode | SubsonicNode[] | (string | number)[];
}

export const SUBSONIC_API_VERSION = '1.16.1';

/** Subsonic's error codes (the ones this server answers). */
export const SUBSONIC_ERRORS = {
  generic: 0,
  missing: 10,
  wrongCredentials: 40,
  conflictingAuth: 43,
  invalidApiKey: 44,
  notAuthorized: 50,
  notFound: 70,
} as const;

/** Characters XML 1.0 cannot hold at all (the C0 controls but tab, newline and return; lone surrogates; U+FFFE/F). */
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function escapeXml(s: string): string {
  return s
    .replace(NOT_XML, '\uFFFD')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
    .replace(/\t/g, '&#9;')
    .replace(/\n/g, '&#10;')
    .replace(/\r/g, '&#13;');
}

const isPlain = (v: unknown): v is string | number | boolean => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';

function toXml(name: string, node: SubsonicNode, extraAttrs = ''): string {
  let attrs = extraAttrs;
  let children = '';
  for (const [k, v] of Object.entries(node)) {
    if (v === undefined || v === null) continue;
    if (isPlain(v)) attrs += ` ${k}="${escapeXml(String(v))}"`;
    else if (Array.isArray(v)) for (const c of v) children += isPlain(c) ? `<${k}>${escapeXml(String(c))}</${k}>` : toXml(k, c);
    else children += toXml(k, v);
  }
  return children ? `<${name}${attrs}>${children}</${name}>` : `<${name}${attrs}/>`;
}

function toJson(node: SubsonicNode): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) {
    if (v === undefined || v === null) continue;
    out[k] = isPlain(v) ? v : Array.isArray(v) ? v.map((c) => (isPlain(c) ? c : toJson(c))) : toJson(v);
  }
  return out;
}

const SUFFIXES: Record<string, string> = Object.fromEntries([...Object.entries(AUDIO_CONTENT_TYPES), ...Object.entries(VIDEO_CONTENT_TYPES)].map(([suffix, type]) => [type, suffix]));

/** Context a page of songs is presented with: the user's likes (with their time). */
export interface SongContext {
  likedAt: Map<string, Date>;
}

@Injectable()
export class SubsonicPresenter {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly media: MediaService,
  ) {}

  /** Sends an answer: `payload` under <subsonic-response status="ok">, or an error (always HTTP 200, as clients expect). */
  send(res: Response, format: 'xml' | 'json', payload: SubsonicNode, failed?: { code: number; message: string }): void {
    const root: SubsonicNode = {
      status: failed ? 'failed' : 'ok',
      version: SUBSONIC_API_VERSION,
      type: 'scriven',
      serverVersion: this.config.version,
      openSubsonic: true,
      ...(failed ? { error: { code: failed.code, message: failed.message } } : payload),
    };
    res.status(200);
    res.setHeader('Cache-Control', 'no-store');
    if (format === 'json') {
      res.setHeader('Content-Type', 'application/json; charset=utf-8');
      res.send(JSON.stringify({ 'subsonic-response': toJson(root) }));
      return;
    }
    res.setHeader('Content-Type', 'text/xml; charset=utf-8');
    res.send(`<?xml version="1.0" encoding="UTF-8"?>\n${toXml('subsonic-response', root, ' xmlns="http://subsonic.org/restapi"')}`);
  }

  /** The file a player is sent (the web rendition of a lossless source, else the original) and its type. */
  served(t: TrackView): { key: string; contentType: string; suffix: string } {
    const key = t.details.audioKey ?? t.media.originalKey;
    const contentType = t.details.audioKey ? 'audio/mp4' : t.media.contentType;
    return { key, contentType, suffix: SUFFIXES[contentType] ?? 'bin' };
  }

  coverOf(songs: TrackView[]): string | undefined {
    return songs.find((s) => s.media.thumbnailKey)?.media.id;
  }

  /** Songs ("Child" elements) with their files' sizes. */
  async songs(items: TrackView[], ctx: SongContext): Promise<SubsonicNode[]> {
    const sizes = await Promise.all(items.map((t) => this.media.storedSize(this.served(t).key)));
    return items.map((t, i) => {
      const m = t.media;
      const file = this.served(t);
      const liked = ctx.likedAt.get(m.id);
      const video = t.details.contentType === 'video';
      return {
        id: m.id,
        parent: albumIdOf(t),
        isDir: false,
        title: m.title,
        album: albumNameOf(t),
        artist: t.details.artist,
        genre: t.details.genre,
        coverArt: m.thumbnailKey ? m.id : undefined,
        size: sizes[i] ?? undefined,
        contentType: file.contentType,
        suffix: file.suffix,
        duration: m.durationSeconds != null ? Math.round(m.durationSeconds) : undefined,
        playCount: Number(m.views),
        created: m.createdAt.toISOString(),
        starred: liked?.toISOString(),
        albumId: albumIdOf(t),
        artistId: artistIdOf(t.details.artist),
        type: video ? 'video' : 'music',
        isVideo: video,
        mediaType: 'song',
      };
    });
  }

  album(a: SubsonicAlbum): SubsonicNode {
    return {
      id: a.id,
      name: a.name,
      artist: a.artist,
      artistId: a.artistId,
      coverArt: this.coverOf(a.songs),
      songCount: a.songs.length,
      duration: Math.round(a.songs.reduce((n, s) => n + (s.media.durationSeconds ?? 0), 0)),
      playCount: a.songs.reduce((n, s) => n + Number(s.media.views), 0),
      created: a.created.toISOString(),
      genre: a.songs[0]?.details.genre,
    };
  }

  artist(a: SubsonicArtist): SubsonicNode {
    return { id: a.id, name: a.name, coverArt: this.coverOf(a.albums.flatMap((x) => x.songs)), albumCount: a.albums.length };
  }

  playlist(p: Playlist, songs: TrackView[], owner: string): SubsonicNode {
    return {
      id: p.id,
      name: p.name,
      owner,
      public: p.isPublic,
      songCount: songs.length,
      duration: Math.round(songs.reduce((n, s) => n + (s.media.durationSeconds ?? 0), 0)),
      created: p.createdAt.toISOString(),
      changed: p.updatedAt.toISOString(),
      coverArt: this.coverOf(songs),
    };
  }
}
