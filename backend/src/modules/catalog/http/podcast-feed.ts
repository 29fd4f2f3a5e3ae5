import { Inject, Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { STORAGE, type Storage } from '../../../common/storage/storage.js';
import type { FeedEpisode, ShowSummary } from '../domain/podcast.js';

/** Podcasting 2.0's namespace for podcast:guid (a UUIDv5 of the feed URL without its scheme and trailing slashes). */
export const PODCAST_GUID_NAMESPACE = 'ead4c236-bf58-58c6-a2c6-a6b28d128cb6';
/** Apple asks for 1400 to 3000 px square artwork. */
export const ARTWORK_PX = 1400;

export function uuidV5(name: string, namespace: string): string {
  const bytes = createHash('sha1').update(Buffer.from(namespace.replace(/-/g, ''), 'hex')).update(name, 'utf8').digest().subarray(0, 16);
  bytes[6] = (bytes[6] & 0x0f) | 0x50;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const h = bytes.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

export function podcastGuid(feedUrl: string): string {
  return uuidV5(feedUrl.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '').replace(/\/+$/, ''), PODCAST_GUID_NAMESPACE);
}

const NEEDS_ESCAPING = /[&<>"'\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;

/** XML text and attribute escaping; characters XML 1.0 forbids are dropped. */
export function xml(text: string): string {
  // Most text has nothing to escape: one scan instead of six replacements (a feed holds thousands of strings).
  if (!NEEDS_ESCAPING.test(text)) return text;
  return text
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** H:MM:SS, as itunes:duration accepts. */
export function itunesDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  return `${Math.floor(s / 3600)}:${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

export interface FeedItem {
  episode: FeedEpisode;
  enclosureUrl: string;
  /** The exact byte length of what enclosureUrl serves. */
  length: number;
  type: string;
}

/** The show's RSS 2.0 document with the iTunes and Podcasting 2.0 tags. */
export function renderFeed(input: { show: ShowSummary; creatorName: string; feedUrl: string; link: string; imageUrl: string; items: FeedItem[] }): string {
  const { show, items } = input;
  const description = `${show.showName}, a podcast by ${input.creatorName} on Scriven.`;
  const lastBuild = items[0]?.episode.media.createdAt ?? show.createdAt;
  const out: string[] = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:podcast="https://podcastindex.org/namespace/1.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/">',
    '<channel>',
    `<title>${xml(show.showName)}</title>`,
    `<link>${xml(input.link)}</link>`,
    `<atom:link href="${xml(input.feedUrl)}" rel="self" type="application/rss+xml"/>`,
    `<description>${xml(description)}</description>`,
    '<language>en</language>',
    `<lastBuildDate>${lastBuild.toUTCString()}</lastBuildDate>`,
    `<itunes:author>${xml(input.creatorName)}</itunes:author>`,
    `<itunes:summary>${xml(description)}</itunes:summary>`,
    `<itunes:image href="${xml(input.imageUrl)}"/>`,
    `<image><url>${xml(input.imageUrl)}</url><title>${xml(show.showName)}</title><link>${xml(input.link)}</link></image>`,
    `<itunes:category text="${xml(itunesCategory(show.category))}"/>`,
    '<itunes:explicit>false</itunes:explicit>',
    '<itunes:type>episodic</itunes:type>',
    `<podcast:guid>${podcastGuid(input.feedUrl)}</podcast:guid>`,
    '<podcast:locked>yes</podcast:locked>',
  ];
  for (const it of items) {
    const { media: m, details: d } = it.episode;
    const title = xml(m.title);
    // One string per item (the lines joined here): a feed of 1,000 episodes is built in a few milliseconds.
    out.push(
      '<item>\n' +
        `<title>${title}</title>\n` +
        `<description>${xml(m.description ?? '')}</description>\n` +
        `<guid isPermaLink="false">${m.id}</guid>\n` +
        `<pubDate>${m.createdAt.toUTCString()}</pubDate>\n` +
        `<enclosure url="${xml(it.enclosureUrl)}" length="${it.length}" type="${xml(it.type)}"/>\n` +
        `<itunes:title>${title}</itunes:title>\n` +
        `<itunes:duration>${itunesDuration(m.durationSeconds ?? 0)}</itunes:duration>\n` +
        (d.episodeNumber !== null ? `<itunes:episode>${d.episodeNumber}</itunes:episode>\n` : '') +
        `<itunes:season>${d.seasonNumber}</itunes:season>\n` +
        '<itunes:episodeType>full</itunes:episodeType>\n' +
        '<itunes:explicit>false</itunes:explicit>\n' +
        '</item>',
    );
  }
  out.push('</channel>', '</rss>', '');
  return out.join('\n');
}

/** Seed 002's categories as Apple Podcasts categories (the rest have the same name there). */
function itunesCategory(category: string): string {
  const map: Record<string, string> = { General: 'Society & Culture', Entertainment: 'Leisure', Health: 'Health & Fitness' };
  return map[category] ?? category;
}

/** A show's square JPEG artwork at 1400 px: the latest episode's cover, or one drawn from the show's name. */
@Injectable()
export class PodcastArtwork {
  private readonly cache = new Map<string, Buffer>();

  constructor(@Inject(STORAGE) private readonly storage: Storage) {}

  async render(show: ShowSummary, coverKey: string | null): Promise<Buffer> {
    const cacheKey = `${show.id}|${coverKey ?? ''}`;
    const hit = this.cache.get(cacheKey);
    if (hit) return hit;
    let out: Buffer | null = null;
    if (coverKey) {
      try {
        const chunks: Buffer[] = [];
        for await (const c of this.storage.read(coverKey)) chunks.push(c as Buffer);
        out = await sharp(Buffer.concat(chunks)).resize(ARTWORK_PX, ARTWORK_PX, { fit: 'cover' }).flatten({ background: '#000000' }).jpeg({ quality: 85 }).toBuffer();
      } catch {
        out = null;
      }
    }
    out ??= await this.drawn(show.showName);
    if (this.cache.size > 200) this.cache.clear();
    this.cache.set(cacheKey, out);
    return out;
  }

  private async drawn(name: string): Promise<Buffer> {
    const hue = createHash('sha1').update(name).digest()[0] / 255 * 360;
    const initials = name.split(/\s+/).filter(Boolean).slice(0, 2).map((w) => [...w][0]?.toUpperCase() ?? '').join('');
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${ARTWORK_PX}" height="${ARTWORK_PX}">
      <rect width="100%" height="100%" fill="hsl(${Math.round(hue)}, 55%, 35%)"/>
      <text x="50%" y="55%" font-family="sans-serif" font-size="520" font-weight="bold" fill="#ffffff" text-anchor="middle" dominant-baseline="middle">${xml(initials)}</text>
    </svg>`;
    try {
      return await sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
    } catch {
      return sharp({ create: { width: ARTWORK_PX, height: ARTWORK_PX, channels: 3, background: { r: 40, g: 60, b: 90 } } }).jpeg().toBuffer();
    }
  }
}

/** How many shows' rendered feeds are kept (a feed of 1,000 episodes is about 1 MB). */
const RENDERED_FEEDS_KEPT = 64;

/**
 * Rendered feeds by show, each with the version of what it shows and a strong ETag; the least recently used goes
 * first. A podcast app polls its feeds all day: an unchanged feed is sent again without being rendered (or, with
 * If-None-Match, not sent at all).
 */
export class RenderedFeeds {
  private readonly feeds = new Map<string, { version: string; body: string; etag: string }>();

  get(showId: string, version: string): { body: string; etag: string } | null {
    const hit = this.feeds.get(showId);
    if (!hit || hit.version !== version) return null;
    this.feeds.delete(showId);
    this.feeds.set(showId, hit);
    return hit;
  }

  put(showId: string, version: string, body: string): { body: string; etag: string } {
    const feed = { version, body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
    this.feeds.delete(showId);
    this.feeds.set(showId, feed);
    while (this.feeds.size > RENDERED_FEEDS_KEPT) this.feeds.delete(this.feeds.keys().next().value as string);
    return feed;
  }
}

/** Whether an If-None-Match header names this ETag (or is `*`). */
export function ifNoneMatch(header: string | string[] | undefined, etag: string): boolean {
  if (!header) return false;
  const list = (Array.isArray(header) ? header.join(',') : header).split(',').map((t) => t.trim().replace(/^W\//, ''));
  return list.includes('*') || list.includes(etag);
}
