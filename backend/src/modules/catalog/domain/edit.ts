import { DomainError, ValidationError, type FieldProblem } from '../../../common/errors/domain-error.js';

/**
 * The editor studio's edit (seed 002 §2.14, issue 19): one versioned draft per video per user, saved on the server.
 * It is a document of operations on one ready video of its owner:
 * - clips: the kept parts of the source, in order (a trim is one clip; several clips are several cuts);
 * - filter: one of the seed's eight, each a fixed ffmpeg filter chain (FILTER_CHAINS in the renderer);
 * - transition: between consecutive clips (Fade, Slide, Zoom), TRANSITION_SECONDS long;
 * - texts: titles and captions, with their time range on the edited timeline (after cuts, transitions and speed);
 * - volume: the video's own sound, 0–100 where 75 (the default) is the source's level (gain volume/75);
 * - speed: 0.5–2, the audio's pitch kept (atempo);
 * - music: a background track (the creator's own or a public one), looped to the length, at its own volume 0–100
 *   (gain volume/100).
 * Everything here is pure: validation against the source's facts, the edited timeline's length, and the preview's
 * mapping of an edited range back to source clips.
 */

export const EDIT_FILTERS = ['Vintage', 'Black & White', 'Sepia', 'Vibrant', 'Cool', 'Warm', 'Dramatic', 'Soft'] as const;
export type EditFilter = (typeof EDIT_FILTERS)[number];
export const EDIT_TRANSITIONS = ['Fade', 'Slide', 'Zoom'] as const;
export type EditTransition = (typeof EDIT_TRANSITIONS)[number];
export const TEXT_KINDS = ['title', 'caption'] as const;
export type TextKind = (typeof TEXT_KINDS)[number];
export const TEXT_POSITIONS = ['top', 'center', 'bottom'] as const;
export type TextPosition = (typeof TEXT_POSITIONS)[number];
export const EXPORT_RESOLUTIONS = ['720p', '1080p', '4K'] as const;
export type ExportResolution = (typeof EXPORT_RESOLUTIONS)[number];
/** The output height of each export tile (the width follows the source's aspect ratio). */
export const EXPORT_HEIGHTS: Record<ExportResolution, number> = { '720p': 720, '1080p': 1080, '4K': 2160 };

export const EDIT_LIMITS = {
  clips: 50,
  texts: 20,
  textLength: 200,
  /** The shortest clip kept, in source seconds. */
  minClipSeconds: 0.5,
  /** A preview renders at most this many seconds of the edited timeline. */
  previewSeconds: 30,
  previewHeight: 360,
  volumeMax: 100,
  speedMin: 0.5,
  speedMax: 2,
} as const;

export const DEFAULT_VOLUME = 75;
export const DEFAULT_MUSIC_VOLUME = 30;
/** How long a transition between two clips lasts (each clip must be longer). */
export const TRANSITION_SECONDS = 0.5;

export const EDIT_MESSAGES = {
  notEditable: 'Only your own videos that finished processing can be edited',
  notReady: 'This video is still processing: it can be edited once it is ready',
  clipsRequired: 'Keep at least one part of the video',
  tooManyClips: `At most ${EDIT_LIMITS.clips} clips`,
  clipRange: 'Each clip must start at 0 or later, end after it starts, and end within the video',
  clipShort: `Each clip must be at least ${EDIT_LIMITS.minClipSeconds} seconds long`,
  clipOrder: 'Clips must be in order and must not overlap',
  filter: `filter must be one of ${EDIT_FILTERS.join(', ')}`,
  transition: `transition must be one of ${EDIT_TRANSITIONS.join(', ')}`,
  transitionShort: `With a transition every clip must be longer than ${TRANSITION_SECONDS * 2} second${TRANSITION_SECONDS * 2 === 1 ? '' : 's'}`,
  tooManyTexts: `At most ${EDIT_LIMITS.texts} texts`,
  textEmpty: 'Text must not be empty',
  textLength: `Text must be at most ${EDIT_LIMITS.textLength} characters`,
  textControl: 'Text must not contain control characters',
  textKind: 'kind must be title or caption',
  textPosition: 'position must be top, center or bottom',
  textRange: 'A text must start at 0 or later, end after it starts, and end within the edited video',
  volume: 'volume must be a whole number from 0 to 100',
  speed: 'speed must be a number from 0.5 to 2',
  musicTrack: 'This track cannot be used: choose one of your own tracks or a public one',
  musicVolume: 'music volume must be a whole number from 0 to 100',
  versionConflict: 'This edit was changed elsewhere: reload it to get the latest version',
  resolution: 'resolution must be 720p, 1080p or 4K',
  upscale: (res: string, height: number) => `${res} would upscale this ${height}p video: choose a resolution up to its own`,
  previewRange: `A preview covers 0.5 to ${EDIT_LIMITS.previewSeconds} seconds within the edited video`,
  exportNotFound: 'Export not found',
  exportFinished: 'This export has already finished',
  tooManyExports: (n: number) => `You have ${n} export${n === 1 ? '' : 's'} under way: wait for one to finish, or cancel one, before starting another`,
} as const;

export interface Clip {
  start: number;
  end: number;
}

export interface TextOverlay {
  kind: TextKind;
  text: string;
  start: number;
  end: number;
  position: TextPosition;
}

export interface MusicBed {
  trackId: string;
  volume: number;
}

export interface EditDocument {
  clips: Clip[];
  filter: EditFilter | null;
  transition: EditTransition | null;
  texts: TextOverlay[];
  volume: number;
  speed: number;
  music: MusicBed | null;
}

/** What the renderer and the rules need to know about the source video. */
export interface SourceFacts {
  durationSeconds: number;
  width: number;
  height: number;
  hasAudio: boolean;
}

/** The draft a video starts with: the whole video, nothing changed. */
export function defaultEdit(durationSeconds: number): EditDocument {
  return { clips: [{ start: 0, end: round3(durationSeconds) }], filter: null, transition: null, texts: [], volume: DEFAULT_VOLUME, speed: 1, music: null };
}

export const round3 = (n: number) => Math.round(n * 1000) / 1000;

/** How long the edited video is, in seconds: the clips, less the transitions' overlaps, divided by the speed. */
export function editedDuration(doc: Pick<EditDocument, 'clips' | 'transition' | 'speed'>): number {
  const kept = doc.clips.reduce((n, c) => n + (c.end - c.start), 0);
  const overlaps = doc.transition ? Math.max(0, doc.clips.length - 1) * TRANSITION_SECONDS : 0;
  return round3((kept - overlaps) / doc.speed);
}

const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
// Control characters (C0 and C1, DEL), except none: a text is one or more lines typed by a person, without newlines.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * Checks a whole edit against the source (its facts) and returns it normalised (times rounded to the millisecond,
 * texts trimmed). `musicAllowed` answers whether the user may use a track (their own, or a public ready one).
 * Throws a ValidationError naming every field that is wrong.
 */
export async function validateEdit(doc: EditDocument, source: SourceFacts, musicAllowed: (trackId: string) => Promise<boolean>): Promise<EditDocument> {
  const problems: FieldProblem[] = [];
  const add = (field: string, message: string) => problems.push({ field, message });
  const clips = doc.clips.map((c) => ({ start: round3(c.start), end: round3(c.end) }));
  if (!clips.length) add('clips', EDIT_MESSAGES.clipsRequired);
  if (clips.length > EDIT_LIMITS.clips) add('clips', EDIT_MESSAGES.tooManyClips);
  clips.forEach((c, i) => {
    if (!isNum(c.start) || !isNum(c.end) || c.start < 0 || c.end <= c.start || c.end > round3(source.durationSeconds) + 0.001) add(`clips[${i}]`, EDIT_MESSAGES.clipRange);
    else if (c.end - c.start < EDIT_LIMITS.minClipSeconds) add(`clips[${i}]`, EDIT_MESSAGES.clipShort);
    else if (i > 0 && c.start < clips[i - 1].end) add(`clips[${i}]`, EDIT_MESSAGES.clipOrder);
    else if (doc.transition && clips.length > 1 && c.end - c.start <= TRANSITION_SECONDS * 2) add(`clips[${i}]`, EDIT_MESSAGES.transitionShort);
  });
  if (doc.filter !== null && !EDIT_FILTERS.includes(doc.filter)) add('filter', EDIT_MESSAGES.filter);
  if (doc.transition !== null && !EDIT_TRANSITIONS.includes(doc.transition)) add('transition', EDIT_MESSAGES.transition);
  if (!Number.isInteger(doc.volume) || doc.volume < 0 || doc.volume > EDIT_LIMITS.volumeMax) add('volume', EDIT_MESSAGES.volume);
  if (!isNum(doc.speed) || doc.speed < EDIT_LIMITS.speedMin || doc.speed > EDIT_LIMITS.speedMax) add('speed', EDIT_MESSAGES.speed);
  const length = problems.length ? Number.POSITIVE_INFINITY : editedDuration({ clips, transition: doc.transition, speed: doc.speed });
  if (doc.texts.length > EDIT_LIMITS.texts) add('texts', EDIT_MESSAGES.tooManyTexts);
  const texts = doc.texts.map((t, i) => {
    const text = typeof t.text === 'string' ? t.text.trim() : '';
    if (!text) add(`texts[${i}].text`, EDIT_MESSAGES.textEmpty);
    else if ([...text].length > EDIT_LIMITS.textLength) add(`texts[${i}].text`, EDIT_MESSAGES.textLength);
    else if (CONTROL.test(text)) add(`texts[${i}].text`, EDIT_MESSAGES.textControl);
    if (!TEXT_KINDS.includes(t.kind)) add(`texts[${i}].kind`, EDIT_MESSAGES.textKind);
    if (!TEXT_POSITIONS.includes(t.position)) add(`texts[${i}].position`, EDIT_MESSAGES.textPosition);
    const start = round3(t.start);
    const end = round3(t.end);
    if (!isNum(start) || !isNum(end) || start < 0 || end <= start || end > length + 0.001) add(`texts[${i}]`, EDIT_MESSAGES.textRange);
    return { kind: t.kind, text, start, end, position: t.position };
  });
  let music: MusicBed | null = null;
  if (doc.music) {
    if (!Number.isInteger(doc.music.volume) || doc.music.volume < 0 || doc.music.volume > 100) add('music.volume', EDIT_MESSAGES.musicVolume);
    if (typeof doc.music.trackId !== 'string' || !(await musicAllowed(doc.music.trackId))) add('music.track_id', EDIT_MESSAGES.musicTrack);
    music = { trackId: doc.music.trackId, volume: doc.music.volume };
  }
  if (problems.length) throw new ValidationError(problems, 'EDITOR.INVALID_EDIT');
  return { clips, filter: doc.filter, transition: doc.transition, texts, volume: doc.volume, speed: doc.speed, music };
}

/** The tallest export a source allows: the tiles above its height would upscale it. */
export function allowedResolutions(sourceHeight: number): ExportResolution[] {
  return EXPORT_RESOLUTIONS.filter((r) => EXPORT_HEIGHTS[r] <= Math.max(sourceHeight, EXPORT_HEIGHTS['720p']));
}

/**
 * The export's output size, as its short side (the height of a landscape video, the width of a vertical one): the tile's, never above the source's (a source under 720p exports at its own height,
 * as 720p is the smallest tile). A tile above the source's height is refused.
 */
export function exportHeight(resolution: ExportResolution, source: SourceFacts): number {
  const short = shortSide(source);
  if (!EXPORT_RESOLUTIONS.includes(resolution)) throw new ValidationError([{ field: 'resolution', message: EDIT_MESSAGES.resolution }], 'EDITOR.INVALID_RESOLUTION');
  if (!allowedResolutions(short).includes(resolution)) throw new ValidationError([{ field: 'resolution', message: EDIT_MESSAGES.upscale(resolution, short) }], 'EDITOR.UPSCALE');
  return Math.min(EXPORT_HEIGHTS[resolution], evenDown(short));
}

/** A video's resolution as the HLS ladder counts it: its short side (a vertical 1080×1920 video is 1080p). */
export function shortSide(source: Pick<SourceFacts, 'width' | 'height'>): number {
  return Math.min(source.width, source.height);
}

const evenDown = (n: number) => Math.max(2, Math.floor(n / 2) * 2);

/**
 * The part of an edit that a preview of the edited range [from, to) renders: the clips (in source time) that cover
 * it, trimmed to it, with the texts shifted onto the range's own timeline and the music's start offset (seconds into
 * the looped track). Transitions inside the range are kept; the range's edges are cut plainly.
 */
export function previewEdit(doc: EditDocument, from: number, to: number): { edit: EditDocument; musicOffset: number } {
  const length = editedDuration(doc);
  if (!isNum(from) || !isNum(to) || from < 0 || to <= from || to - from < 0.5 || to - from > EDIT_LIMITS.previewSeconds + 0.001 || to > length + 0.001) {
    throw new ValidationError([{ field: 'range', message: EDIT_MESSAGES.previewRange }], 'EDITOR.INVALID_PREVIEW_RANGE');
  }
  // The range on the unsped timeline, where clip i starts at the sum of the earlier clips less their overlaps.
  const a = from * doc.speed;
  const b = to * doc.speed;
  const overlap = doc.transition ? TRANSITION_SECONDS : 0;
  // Each covering clip's part, as [lo, hi) on the unsped timeline (`at` is where the clip starts there).
  let parts: { c: Clip; at: number; lo: number; hi: number }[] = [];
  let offset = 0;
  for (const c of doc.clips) {
    const len = c.end - c.start;
    const lo = Math.max(a, offset);
    const hi = Math.min(b, offset + len);
    if (hi - lo > 0.05) parts.push({ c, at: offset, lo, hi });
    offset += len - overlap;
  }
  // A transition needs both of its clips longer than itself; at the range's edges a clip may be too short: plain cuts.
  const transition = doc.transition && parts.length > 1 && parts.every((p) => p.hi - p.lo > overlap * 2) ? doc.transition : null;
  if (doc.transition && !transition) {
    // Plain cuts: the stretch two clips share (the transition's overlap) is shown once, from the earlier clip, so the
    // preview lasts the range and the texts fall where they do in the edit.
    parts = parts.map((p, k) => (k > 0 ? { ...p, lo: Math.max(p.lo, parts[k - 1].hi) } : p)).filter((p) => p.hi - p.lo > 0.05);
  }
  const clips: Clip[] = parts.map((p) => ({ start: round3(p.c.start + (p.lo - p.at)), end: round3(p.c.start + (p.hi - p.at)) }));
  const texts = doc.texts
    .filter((t) => t.end > from && t.start < to)
    .map((t) => ({ ...t, start: round3(Math.max(0, t.start - from)), end: round3(Math.min(to, t.end) - from) }));
  return { edit: { ...doc, clips, transition, texts }, musicOffset: round3(from) };
}

export class EditorError extends DomainError {}

export const editorErrors = {
  notEditable: () => new EditorError('not_found', 'EDITOR.NOT_EDITABLE', EDIT_MESSAGES.notEditable),
  notReady: () => new EditorError('conflict', 'EDITOR.NOT_READY', EDIT_MESSAGES.notReady),
  versionConflict: () => new EditorError('conflict', 'EDITOR.VERSION_CONFLICT', EDIT_MESSAGES.versionConflict),
  exportNotFound: () => new EditorError('not_found', 'EDITOR.EXPORT_NOT_FOUND', EDIT_MESSAGES.exportNotFound),
  exportFinished: () => new EditorError('conflict', 'EDITOR.EXPORT_FINISHED', EDIT_MESSAGES.exportFinished),
  tooManyExports: (n: number) => new EditorError('conflict', 'EDITOR.TOO_MANY_EXPORTS', EDIT_MESSAGES.tooManyExports(n)),
};

/** The exports a user may have under way (queued, rendering or publishing) at once: each is a full render. */
export const OPEN_EXPORTS_PER_USER = 3;
export const OPEN_EXPORT_STATUSES: readonly ExportStatus[] = ['queued', 'rendering', 'publishing'];

export type ExportStatus = 'queued' | 'rendering' | 'publishing' | 'done' | 'failed' | 'cancelled';
export const EXPORT_STATUSES: readonly ExportStatus[] = ['queued', 'rendering', 'publishing', 'done', 'failed', 'cancelled'];

/** One export of an edit: the edit as it was when asked for (a snapshot), its progress 0–100, and its outcome. */
export interface EditExport {
  id: string;
  mediaId: string;
  userId: string;
  resolution: ExportResolution;
  height: number;
  edit: EditDocument;
  status: ExportStatus;
  progress: number;
  resultMediaId: string | null;
  error: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** The saved draft of a user's edit of one video. */
export interface EditDraft {
  mediaId: string;
  userId: string;
  version: number;
  edit: EditDocument;
  updatedAt: Date;
}

export interface EditRepository {
  draft(mediaId: string, userId: string): Promise<EditDraft | null>;
  /** Saves the draft if its stored version is `expected` (0: none stored yet); null on a version conflict. */
  save(mediaId: string, userId: string, expected: number, edit: EditDocument): Promise<EditDraft | null>;
  /**
   * Adds an export unless its user already has `maxOpen` exports under way (queued, rendering, publishing): false
   * then, and nothing is added. Two requests at once are counted one after the other.
   */
  addExport(e: EditExport, maxOpen?: number): Promise<boolean>;
  exportById(id: string): Promise<EditExport | null>;
  exportsOf(mediaId: string, userId: string, limit: number): Promise<EditExport[]>;
  /**
   * Takes an export to render it: one that is queued, or one whose render or publishing stopped moving before
   * `staleBefore` with nothing published (its process died). False when another run has it, or it is finished.
   */
  claimExport(id: string, staleBefore: Date): Promise<boolean>;
  /**
   * Updates the given fields; a cancelled or finished export is never changed again (false then). With `onlyFrom`, only
   * while its status is one of those (a cancel must not land on an export already publishing).
   */
  updateExport(id: string, patch: Partial<Pick<EditExport, 'status' | 'progress' | 'resultMediaId' | 'error'>>, onlyFrom?: readonly ExportStatus[]): Promise<boolean>;
}
export const EDIT_REPOSITORY = Symbol('EDIT_REPOSITORY');

/** Renders edits with ffmpeg (infrastructure/ffmpeg-editor.ts). */
export interface EditRenderer {
  /**
   * Renders `edit` of the source file into `outFile` (MP4, H.264/AAC) at `height`. `music` is the background track's
   * file when the edit has one; `musicOffset` seconds into it to start (previews); `onProgress` gets 0–100; the
   * signal cancels (ffmpeg is killed and the promise rejects with an AbortError).
   */
  render(opts: {
    source: string;
    facts: SourceFacts;
    edit: EditDocument;
    height: number;
    outFile: string;
    music?: { path: string; offset?: number } | null;
    quality: 'export' | 'preview';
    onProgress?: (percent: number) => void;
    signal?: AbortSignal;
  }): Promise<void>;
  /** A strip of `count` frames spread over the video, each `frameWidth` px wide, side by side in one JPEG. */
  filmstrip(source: string, facts: SourceFacts, count: number, frameWidth: number, outFile: string): Promise<void>;
  /** One frame at `atSeconds`, `width` px wide, with `filter` applied (or none), as a JPEG. */
  frame(source: string, atSeconds: number, width: number, filter: EditFilter | null, outFile: string): Promise<void>;
}
export const EDIT_RENDERER = Symbol('EDIT_RENDERER');
