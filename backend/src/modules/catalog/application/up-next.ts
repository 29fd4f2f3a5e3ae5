import type { Media } from '../domain/media.js';

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
