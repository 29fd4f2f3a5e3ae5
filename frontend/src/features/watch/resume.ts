/** Where each video was left, in this browser (the last 200 videos). */
const KEY = 'scriven.resume';
const MAX_ENTRIES = 200;
/** A position this close to the start or the end is not worth resuming. */
export const RESUME_EDGE_SECONDS = 5;
const EDGE_SECONDS = RESUME_EDGE_SECONDS;

type Positions = Record<string, number>;

function read(): Positions {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(KEY) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Positions) : {};
  } catch {
    return {};
  }
}

/** The position to resume `id` at, or null (never watched, at its start or its end). */
export function readResume(id: string, duration: number): number | null {
  const at = read()[id];
  if (typeof at !== 'number' || !Number.isFinite(at) || at < EDGE_SECONDS) return null;
  if (Number.isFinite(duration) && at > duration - EDGE_SECONDS) return null;
  return at;
}

/** Remembers where `id` was left; a position at its start or end forgets it. */
export function saveResume(id: string, at: number, duration: number): void {
  const positions = read();
  delete positions[id];
  if (at >= EDGE_SECONDS && !(Number.isFinite(duration) && at > duration - EDGE_SECONDS)) positions[id] = Math.floor(at);
  const ids = Object.keys(positions);
  for (const old of ids.slice(0, Math.max(0, ids.length - MAX_ENTRIES))) delete positions[old];
  try {
    localStorage.setItem(KEY, JSON.stringify(positions));
  } catch {
    // A full or disabled storage only loses the resume point.
  }
}
