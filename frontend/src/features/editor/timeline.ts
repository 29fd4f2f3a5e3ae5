import type { EditBody, EditClip, EditText, TextKind } from './types';

/**
 * The editor's pure rules (issue 19): the operations on an edit document the app offers (cuts, handles, texts), the
 * edited timeline's length and the mapping between the source's time (the player's) and the edited time (texts,
 * previews), as the server counts them (backend catalog/domain/edit.ts).
 */

export const EDIT_FILTERS = ['Vintage', 'Black & White', 'Sepia', 'Vibrant', 'Cool', 'Warm', 'Dramatic', 'Soft'] as const;
export type EditFilter = (typeof EDIT_FILTERS)[number];
export const EDIT_TRANSITIONS = ['Fade', 'Slide', 'Zoom'] as const;
export type EditTransition = (typeof EDIT_TRANSITIONS)[number];
export const EXPORT_TILES = ['720p', '1080p', '4K'] as const;
export type ExportTile = (typeof EXPORT_TILES)[number];
export const TEXT_POSITIONS = ['top', 'center', 'bottom'] as const;

export const EDITOR_LIMITS = {
  /** The shortest clip the server keeps, in source seconds. */
  minClipSeconds: 0.5,
  clips: 50,
  texts: 20,
  textLength: 200,
  /** A transition lasts this long; with one, every clip must be longer than twice it. */
  transitionSeconds: 0.5,
  /** A handle moves this far per arrow key (Shift: 1 s). */
  handleStep: 0.1,
  /** A new title or caption lasts this long. */
  textSeconds: 3,
  /** The default preview: this many seconds around the playhead. */
  previewSeconds: 10,
  /** The longest preview the server renders. */
  previewMaxSeconds: 30,
  previewMinSeconds: 0.5,
  volumeDefault: 75,
  musicVolumeDefault: 30,
  speedMin: 0.5,
  speedMax: 2,
  speedStep: 0.25,
} as const;

export const round3 = (n: number) => Math.round(n * 1000) / 1000;
const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n));

/** The edit a video starts with: the whole video, nothing changed. */
export function defaultEdit(durationSeconds: number): EditBody {
  return { clips: [{ start: 0, end: round3(durationSeconds) }], filter: null, transition: null, texts: [], volume: EDITOR_LIMITS.volumeDefault, speed: 1, music: null };
}

/** How long the edited video is: the clips, less the transitions' overlaps, divided by the speed. */
export function editedLength(edit: Pick<EditBody, 'clips' | 'transition' | 'speed'>): number {
  const kept = edit.clips.reduce((n, c) => n + (c.end - c.start), 0);
  const overlaps = edit.transition ? Math.max(0, edit.clips.length - 1) * EDITOR_LIMITS.transitionSeconds : 0;
  return round3(Math.max(0, kept - overlaps) / edit.speed);
}

/**
 * Where a moment of the source (the player's time) falls on the edited timeline. A moment that was cut out maps to
 * where the next kept part starts (or the end).
 */
export function sourceToEdited(edit: Pick<EditBody, 'clips' | 'transition' | 'speed'>, at: number): number {
  const overlap = edit.transition ? EDITOR_LIMITS.transitionSeconds : 0;
  let offset = 0;
  for (const clip of edit.clips) {
    if (at < clip.start) return round3(offset / edit.speed);
    if (at < clip.end) return round3((offset + at - clip.start) / edit.speed);
    offset += clip.end - clip.start - overlap;
  }
  return editedLength(edit);
}

/** The index of the clip that holds the source moment `at`, or -1 when it was cut out. */
export function clipAt(clips: readonly EditClip[], at: number): number {
  return clips.findIndex((clip) => at >= clip.start && at < clip.end);
}

/** Why the clip under the playhead cannot be split there, or null when it can. */
export function splitProblem(clips: readonly EditClip[], at: number): string | null {
  if (clips.length >= EDITOR_LIMITS.clips) return `At most ${EDITOR_LIMITS.clips} clips`;
  const index = clipAt(clips, at);
  if (index < 0) return 'The playhead is in a part that was cut out: move it onto a clip';
  const clip = clips[index];
  if (at - clip.start < EDITOR_LIMITS.minClipSeconds || clip.end - at < EDITOR_LIMITS.minClipSeconds) {
    return `Each part must be at least ${EDITOR_LIMITS.minClipSeconds} seconds long: move the playhead further from the clip's ends`;
  }
  return null;
}

/** The clips with the one under `at` cut in two there (unchanged when `splitProblem` objects). */
export function splitAt(clips: readonly EditClip[], at: number): EditClip[] {
  if (splitProblem(clips, at)) return [...clips];
  const index = clipAt(clips, at);
  const clip = clips[index];
  const cut = round3(at);
  return [...clips.slice(0, index), { start: clip.start, end: cut }, { start: cut, end: clip.end }, ...clips.slice(index + 1)];
}

/** The clips without clip `index`; the last one is kept (an edit keeps at least one part). */
export function deleteClip(clips: readonly EditClip[], index: number): EditClip[] {
  if (clips.length <= 1 || index < 0 || index >= clips.length) return [...clips];
  return clips.filter((_, i) => i !== index);
}

export type HandleSide = 'start' | 'end';

/**
 * How far a handle can go: a clip's start from the previous clip's end (or 0) to its own end less the shortest
 * clip; its end from its start plus the shortest clip to the next clip's start (or the video's end).
 */
export function handleBounds(clips: readonly EditClip[], index: number, side: HandleSide, duration: number): { min: number; max: number } {
  const clip = clips[index];
  const min = EDITOR_LIMITS.minClipSeconds;
  if (side === 'start') return { min: index > 0 ? clips[index - 1].end : 0, max: round3(clip.end - min) };
  return { min: round3(clip.start + min), max: index < clips.length - 1 ? clips[index + 1].start : round3(duration) };
}

/** The clips with one handle moved to `to` (kept within its bounds, to the millisecond). */
export function moveHandle(clips: readonly EditClip[], index: number, side: HandleSide, to: number, duration: number): EditClip[] {
  if (index < 0 || index >= clips.length) return [...clips];
  const { min, max } = handleBounds(clips, index, side, duration);
  const at = round3(clamp(to, min, max));
  return clips.map((clip, i) => (i === index ? { ...clip, [side]: at } : clip));
}

/** A new title or caption at the edited moment `at`, lasting 3 s (shortened at the end of the video). */
export function newText(kind: TextKind, at: number, length: number): EditText {
  const span = Math.min(EDITOR_LIMITS.textSeconds, length);
  const start = round3(clamp(at, 0, Math.max(0, length - span)));
  return { kind, text: kind === 'title' ? 'Title' : 'Caption', start, end: round3(start + span), position: kind === 'title' ? 'center' : 'bottom' };
}

/**
 * The texts kept inside an edited video of `length` seconds (after a cut shortened it): a text running past the end
 * ends there, and one that would start at or after the end moves back to end there.
 */
export function fitTexts(texts: readonly EditText[], length: number): EditText[] {
  return texts.map((text) => {
    if (text.end <= length + 0.001) return text;
    const end = round3(length);
    const start = text.start < end ? text.start : round3(Math.max(0, end - Math.min(EDITOR_LIMITS.textSeconds, length)));
    return { ...text, start, end };
  });
}

/**
 * The edited range a preview renders by default: 10 s around the edited moment `at`, inside the edited video (all of
 * it when shorter).
 */
export function defaultPreviewRange(at: number, length: number): { from: number; to: number } {
  const span = Math.min(EDITOR_LIMITS.previewSeconds, length);
  const from = clamp(at - span / 2, 0, Math.max(0, length - span));
  return { from: round3(from), to: round3(from + span) };
}

/** Why a preview of [from, to) cannot be asked for, or null. */
export function previewProblem(range: { from: number; to: number }, length: number): string | null {
  const span = range.to - range.from;
  if (range.from < 0 || range.to > length + 0.001 || span < EDITOR_LIMITS.previewMinSeconds || span > EDITOR_LIMITS.previewMaxSeconds + 0.001) {
    return `A preview covers ${EDITOR_LIMITS.previewMinSeconds} to ${EDITOR_LIMITS.previewMaxSeconds} seconds within the edited video`;
  }
  return null;
}

/** Why this edit's transition cannot apply, or null: with one, every clip must be longer than twice it. */
export function transitionProblem(edit: Pick<EditBody, 'clips' | 'transition'>): string | null {
  if (!edit.transition || edit.clips.length < 2) return null;
  const shortest = EDITOR_LIMITS.transitionSeconds * 2;
  return edit.clips.some((clip) => clip.end - clip.start <= shortest) ? `With a transition every clip must be longer than ${shortest} second` : null;
}

/**
 * A video's resolution as the server and the HLS ladder count it: its short side (a vertical 1080×1920 video is
 * 1080p, and 1080p is the tallest tile it allows).
 */
export function resolutionOf(video: { width: number; height: number }): number {
  return Math.min(video.width, video.height) || video.height;
}

/** Seconds as m:ss.t (tenths), as the timeline shows times. */
export function formatTime(seconds: number): string {
  const safe = Math.max(0, Number.isFinite(seconds) ? seconds : 0);
  const tenths = Math.round(safe * 10);
  const minutes = Math.floor(tenths / 600);
  const rest = (tenths - minutes * 600) / 10;
  return `${minutes}:${rest < 10 ? '0' : ''}${rest.toFixed(1)}`;
}

/** Two edits are the same document. */
export function sameEdit(a: EditBody, b: EditBody): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Only the document's own fields (the server's Edit adds version, updated_at and duration_seconds). */
export function editBody(edit: EditBody): EditBody {
  return {
    clips: edit.clips.map(({ start, end }) => ({ start, end })),
    filter: edit.filter,
    transition: edit.transition,
    texts: edit.texts.map(({ kind, text, start, end, position }) => ({ kind, text, start, end, position })),
    volume: edit.volume,
    speed: edit.speed,
    music: edit.music ? { track_id: edit.music.track_id, volume: edit.music.volume } : null,
  };
}
