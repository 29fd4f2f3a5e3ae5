import { Inject, Injectable } from '@nestjs/common';
import type { Media } from '../domain/media.js';
import { MEDIA_REPOSITORY, type MediaRepository } from '../domain/ports.js';
import { MediaService } from './media.service.js';

/** How many items Up next offers. */
export const UP_NEXT_SIZE = 12;

function words(title: string): Set<string> {
  return new Set(title.toLowerCase().replace(/[^\p{L}\p{N}\s]/gu, ' ').split(/\s+/).filter((w) => w.length > 2));
}

/**
 * Up next after `current`, from `candidates` (newest first, all reachable by the viewer): ready items other than the
 * current one, the same channel's first, then the others by how many title words they share with the current one,
 * newest first among equals.
 */
export function rankUpNext(current: Media, candidates: Media[], size = UP_NEXT_SIZE): Media[] {
  const mine = words(current.title);
  const shared = (m: Media) => [...words(m.title)].filter((w) => mine.has(w)).length;
  const ready = candidates.filter((m) => m.id !== current.id && m.kind === current.kind && m.status === 'ready');
  const sameChannel = ready.filter((m) => m.accountId === current.accountId);
  const others = ready
    .filter((m) => m.accountId !== current.accountId)
    .map((m, order) => ({ m, order, score: shared(m) }))
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .map((x) => x.m);
  return [...sameChannel, ...others].slice(0, size);
}

/** How many of the newest reachable movies Up next ranks from. */
export const MOVIE_UP_NEXT_CANDIDATES = 100;

/** A movie's Up next for its viewer: the movie must be reachable (else 404), ranked from the newest reachable movies. */
@Injectable()
export class MovieUpNextQuery {
  constructor(
    private readonly service: MediaService,
    @Inject(MEDIA_REPOSITORY) private readonly media: MediaRepository,
  ) {}

  async execute(movieId: string, viewer: string | null): Promise<Media[]> {
    const current = await this.service.reachable('movie', movieId, viewer);
    const page = await this.media.list('movie', viewer, MOVIE_UP_NEXT_CANDIDATES, undefined);
    return rankUpNext(current, page.items);
  }
}
