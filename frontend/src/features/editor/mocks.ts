import { HttpResponse, bypass } from 'msw';
import { errorBody, http } from '../../mocks/http';
import { mediaDb, mediaId, settle, type MockVideo } from '../../mocks/mediaDb';
import { caller, sessionInvalid } from '../../mocks/mediaHelpers';
import { mockFeatureFlags } from '../features/mocks';
import { musicDb } from '../music/mocks';
import { EDIT_FILTERS, EDIT_TRANSITIONS, EDITOR_LIMITS, EXPORT_TILES, TEXT_POSITIONS, defaultEdit, editBody, editedLength, round3 } from './timeline';
import type { EditBody, EditorExport, EditorSession, Resolution } from './types';

/**
 * The editor API of QA mode and the tests (docs/api.md "Editor"): one draft per video and user with optimistic
 * versions, the server's checks of an edit (the same sentences), the filmstrip and filter previews drawn as SVG, a
 * preview (the source clip in QA mode), and exports that move through queued, rendering and publishing to done on the
 * clock (`editorDb.config`), publishing a new video '<title> (edited)'.
 */

interface MockDraft {
  version: number;
  edit: EditBody;
  updated_at: string;
}

interface MockExport extends EditorExport {
  userId: string;
  /** When the export was asked for (ms): its progress follows the clock from there. */
  startedAt: number;
}

const DEFAULTS = {
  /** How long an export waits in the queue, renders and publishes. */
  queuedMs: 1000,
  renderMs: 4000,
  publishMs: 1000,
} as const;

export const editorDb = {
  config: { ...DEFAULTS } as { -readonly [K in keyof typeof DEFAULTS]: number },
  /** `${videoId}:${userId}` → the saved draft. */
  drafts: new Map<string, MockDraft>(),
  exports: [] as MockExport[],
  /** Every draft body saved (tests read what was sent). */
  saves: [] as { videoId: string; version: number; edit: EditBody }[],
};

export function resetEditorDb(): void {
  editorDb.config = { ...DEFAULTS };
  editorDb.drafts = new Map();
  editorDb.exports = [];
  editorDb.saves = [];
}

const MESSAGES = {
  notEditable: 'Only your own videos that finished processing can be edited',
  notReady: 'This video is still processing: it can be edited once it is ready',
  clipsRequired: 'Keep at least one part of the video',
  clipRange: 'Each clip must start at 0 or later, end after it starts, and end within the video',
  clipShort: `Each clip must be at least ${EDITOR_LIMITS.minClipSeconds} seconds long`,
  clipOrder: 'Clips must be in order and must not overlap',
  transitionShort: `With a transition every clip must be longer than ${EDITOR_LIMITS.transitionSeconds * 2} second`,
  textEmpty: 'Text must not be empty',
  textLength: `Text must be at most ${EDITOR_LIMITS.textLength} characters`,
  textRange: 'A text must start at 0 or later, end after it starts, and end within the edited video',
  volume: 'volume must be a whole number from 0 to 100',
  speed: 'speed must be a number from 0.5 to 2',
  musicTrack: 'This track cannot be used: choose one of your own tracks or a public one',
  versionConflict: 'This edit was changed elsewhere: reload it to get the latest version',
  upscale: (res: string, height: number) => `${res} would upscale this ${height}p video: choose a resolution up to its own`,
  previewRange: `A preview covers 0.5 to ${EDITOR_LIMITS.previewMaxSeconds} seconds within the edited video`,
  exportNotFound: 'Export not found',
  exportFinished: 'This export has already finished',
  featureOff: 'This feature is turned off on this instance',
} as const;

const HEIGHTS: Record<Resolution, number> = { '720p': 720, '1080p': 1080, '4K': 2160 };

function allowedResolutions(height: number): Resolution[] {
  return EXPORT_TILES.filter((tile) => HEIGHTS[tile] <= Math.max(height, 720));
}

const featureOff = () => mockFeatureFlags.flags.get('editor')?.enabled === false;
const offBody = () => errorBody(503, 'SYSTEM.FEATURE_DISABLED', MESSAGES.featureOff);
const notEditable = () => errorBody(404, 'EDITOR.NOT_EDITABLE', MESSAGES.notEditable);

/** The caller's own video, when it can be edited; else the refusal (status and body). */
function editable(request: Request, id: string): { video: MockVideo; userId: string } | { status: 401 | 404 | 409 | 503; body: ReturnType<typeof errorBody> } {
  if (featureOff()) return { status: 503, body: offBody() };
  const me = caller(request);
  if (!me) return { status: 401, body: sessionInvalid() };
  const video = mediaDb.videos.find((entry) => entry.id === id);
  if (!video || video.userId !== me.user.id) return { status: 404, body: notEditable() };
  settle(video);
  if (video.status === 'processing') return { status: 409, body: errorBody(409, 'EDITOR.NOT_READY', MESSAGES.notReady) };
  if (video.status !== 'ready' || !video.duration_seconds) return { status: 404, body: notEditable() };
  return { video, userId: me.user.id };
}

/** The waveform of the demo clips: a steady tone with a slow swell. */
function peaksOf(video: MockVideo): number[] {
  const seed = video.title.length;
  return Array.from({ length: 200 }, (_, i) => Math.round(40 + 30 * Math.abs(Math.sin((i + seed) / 9))));
}

function draftOf(video: MockVideo, userId: string) {
  const saved = editorDb.drafts.get(`${video.id}:${userId}`);
  const edit = saved?.edit ?? defaultEdit(video.duration_seconds ?? 0);
  return { ...edit, version: saved?.version ?? 0, updated_at: saved?.updated_at ?? null, duration_seconds: editedLength(edit) };
}

/** The resolution the server counts: the short side (a vertical 1080×1920 video is 1080p). */
const shortSide = (video: MockVideo) => Math.min(video.width ?? video.height ?? 0, video.height ?? 0);

function sessionOf(video: MockVideo, userId: string): EditorSession {
  const height = video.height ?? 0;
  return {
    video: {
      id: video.id,
      title: video.title,
      duration_seconds: video.duration_seconds ?? 0,
      width: video.width ?? 0,
      height,
      has_audio: true,
      thumbnail_url: video.thumbnail_url,
    },
    draft: draftOf(video, userId),
    allowed_resolutions: allowedResolutions(shortSide(video)),
    filmstrip: { url: `/api/editor/videos/${video.id}/filmstrip`, frames: 10, frame_width: 160 },
    peaks: peaksOf(video),
  };
}

/** The server's checks of an edit against the video: every problem, by field. */
function problems(edit: EditBody, duration: number): { field: string; message: string }[] {
  const found: { field: string; message: string }[] = [];
  const add = (field: string, message: string) => found.push({ field, message });
  if (!edit.clips.length) add('clips', MESSAGES.clipsRequired);
  edit.clips.forEach((clip, i) => {
    if (clip.start < 0 || clip.end <= clip.start || clip.end > round3(duration) + 0.001) add(`clips[${i}]`, MESSAGES.clipRange);
    else if (clip.end - clip.start < EDITOR_LIMITS.minClipSeconds) add(`clips[${i}]`, MESSAGES.clipShort);
    else if (i > 0 && clip.start < edit.clips[i - 1].end) add(`clips[${i}]`, MESSAGES.clipOrder);
    else if (edit.transition && edit.clips.length > 1 && clip.end - clip.start <= EDITOR_LIMITS.transitionSeconds * 2) add(`clips[${i}]`, MESSAGES.transitionShort);
  });
  if (edit.filter !== null && !(EDIT_FILTERS as readonly string[]).includes(edit.filter)) add('filter', `filter must be one of ${EDIT_FILTERS.join(', ')}`);
  if (edit.transition !== null && !(EDIT_TRANSITIONS as readonly string[]).includes(edit.transition)) add('transition', `transition must be one of ${EDIT_TRANSITIONS.join(', ')}`);
  if (!Number.isInteger(edit.volume) || edit.volume < 0 || edit.volume > 100) add('volume', MESSAGES.volume);
  if (!(edit.speed >= EDITOR_LIMITS.speedMin && edit.speed <= EDITOR_LIMITS.speedMax)) add('speed', MESSAGES.speed);
  const length = found.length ? Number.POSITIVE_INFINITY : editedLength(edit);
  edit.texts.forEach((text, i) => {
    const words = text.text.trim();
    if (!words) add(`texts[${i}].text`, MESSAGES.textEmpty);
    else if ([...words].length > EDITOR_LIMITS.textLength) add(`texts[${i}].text`, MESSAGES.textLength);
    if (!(TEXT_POSITIONS as readonly string[]).includes(text.position)) add(`texts[${i}].position`, 'position must be top, center or bottom');
    if (text.start < 0 || text.end <= text.start || text.end > length + 0.001) add(`texts[${i}]`, MESSAGES.textRange);
  });
  if (edit.music) {
    const track = musicDb.tracks.find((entry) => entry.id === edit.music?.track_id);
    if (!track || track.content_type !== 'audio') add('music.track_id', MESSAGES.musicTrack);
    if (!Number.isInteger(edit.music.volume) || edit.music.volume < 0 || edit.music.volume > 100) add('music.volume', 'music volume must be a whole number from 0 to 100');
  }
  return found;
}

const invalid = (found: { field: string; message: string }[]) => errorBody(400, 'EDITOR.INVALID_EDIT', found[0].message, found);

/** An SVG picture as the server's JPEGs stand in QA mode: `frames` frames of the video's colours, with a CSS filter. */
function picture(video: MockVideo, frames: number, filter: string | null, at?: number): string {
  const css: Record<string, string> = {
    Vintage: 'sepia(0.5) contrast(0.9) saturate(0.8)',
    'Black & White': 'grayscale(1)',
    Sepia: 'sepia(1)',
    Vibrant: 'saturate(1.8)',
    Cool: 'hue-rotate(20deg) saturate(1.1)',
    Warm: 'sepia(0.3) saturate(1.3)',
    Dramatic: 'contrast(1.5) brightness(0.9)',
    Soft: 'contrast(0.8) brightness(1.1) blur(0.6px)',
  };
  const w = 160;
  const h = 90;
  const duration = video.duration_seconds ?? 1;
  const cells = Array.from({ length: frames }, (_, i) => {
    const t = at ?? (duration * (i + 0.5)) / frames;
    const hue = Math.round((t / duration) * 300 + video.title.length * 13) % 360;
    return (
      `<g transform="translate(${i * w},0)"><rect width="${w}" height="${h}" fill="hsl(${hue},65%,45%)"/>` +
      `<circle cx="${40 + (t * 37) % 80}" cy="45" r="18" fill="hsl(${(hue + 150) % 360},70%,70%)"/>` +
      `<text x="8" y="82" fill="#fff" font-family="sans-serif" font-size="12">${t.toFixed(1)}s</text></g>`
    );
  }).join('');
  const style = filter && css[filter] ? ` style="filter:${css[filter]}"` : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w * frames}" height="${h}"><g${style}>${cells}</g></svg>`;
}

const svgResponse = (svg: string) => new HttpResponse(svg, { headers: { 'Content-Type': 'image/svg+xml' } });

/** The first bytes of an MP4 (ftyp): what the tests get as a preview. */
const MP4_HEAD = new Uint8Array([0x00, 0x00, 0x00, 0x18, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d, 0x00, 0x00, 0x02, 0x00]);

/** A preview: the source clip itself in QA mode (the browser plays it); a few MP4 bytes where there is none. */
async function previewBytes(video: MockVideo): Promise<Blob> {
  if (!video.stream_url.startsWith('/mock-media/') && typeof location !== 'undefined' && location.origin !== 'null') {
    try {
      const answer = await fetch(bypass(new URL(video.stream_url, location.origin).toString()));
      if (answer.ok) return await answer.blob();
    } catch {
      // No clip to send: the stand-in below.
    }
  }
  return new Blob([MP4_HEAD], { type: 'video/mp4' });
}

/** Moves an export along the clock, and publishes its new video when it is done. */
function settleExport(entry: MockExport, now = Date.now()): MockExport {
  if (entry.status === 'done' || entry.status === 'failed' || entry.status === 'cancelled') return entry;
  const { queuedMs, renderMs, publishMs } = editorDb.config;
  const elapsed = now - entry.startedAt;
  if (elapsed < queuedMs) return entry;
  entry.updated_at = new Date(now).toISOString();
  if (elapsed < queuedMs + renderMs) {
    entry.status = 'rendering';
    entry.progress = Math.min(99, Math.floor(((elapsed - queuedMs) / renderMs) * 100));
  } else if (elapsed < queuedMs + renderMs + publishMs) {
    entry.status = 'publishing';
    entry.progress = 100;
  } else {
    const source = mediaDb.videos.find((video) => video.id === entry.video_id);
    entry.status = 'done';
    entry.progress = 100;
    if (source && !entry.result_video_id) {
      const edit = editorDb.drafts.get(`${source.id}:${entry.userId}`)?.edit ?? defaultEdit(source.duration_seconds ?? 0);
      const scale = entry.height / (source.height ?? entry.height);
      const created: MockVideo = {
        ...source,
        id: mediaId('video'),
        title: `${source.title} (edited)`,
        created_at: new Date(now).toISOString(),
        views: 0,
        baseLikes: 0,
        likedBy: [],
        ad_revenue: 0,
        status: 'ready',
        failure_reason: null,
        pending: null,
        duration_seconds: Math.max(1, Math.round(editedLength(edit))),
        height: entry.height,
        width: source.width ? Math.round((source.width * scale) / 2) * 2 : null,
      };
      mediaDb.videos.push(created);
      entry.result_video_id = created.id;
    }
  }
  return entry;
}

function exportDto(entry: MockExport): EditorExport {
  const { userId: _user, startedAt: _started, ...dto } = settleExport(entry);
  return dto;
}

/** The caller's export by id; else the refusal. */
function ownExport(request: Request, id: string): { entry: MockExport } | { refused: { status: 401 | 404 | 503; body: ReturnType<typeof errorBody> } } {
  if (featureOff()) return { refused: { status: 503, body: offBody() } };
  const me = caller(request);
  if (!me) return { refused: { status: 401, body: sessionInvalid() } };
  const entry = editorDb.exports.find((candidate) => candidate.id === id && candidate.userId === me.user.id);
  return entry ? { entry } : { refused: { status: 404, body: errorBody(404, 'EDITOR.EXPORT_NOT_FOUND', MESSAGES.exportNotFound) } };
}

export const editorHandlers = [
  http.get('/api/editor/videos/{id}', ({ request, params, response }) => {
    const found = editable(request, params.id);
    if ('status' in found) return response(found.status).json(found.body);
    return response(200).json(sessionOf(found.video, found.userId));
  }),

  http.put('/api/editor/videos/{id}/draft', async ({ request, params, response }) => {
    const found = editable(request, params.id);
    if ('status' in found) return response(found.status).json(found.body);
    const body = await request.json();
    const key = `${found.video.id}:${found.userId}`;
    const stored = editorDb.drafts.get(key)?.version ?? 0;
    if (body.version !== stored) return response(409).json(errorBody(409, 'EDITOR.VERSION_CONFLICT', MESSAGES.versionConflict));
    const edit = editBody(body.edit);
    const found400 = problems(edit, found.video.duration_seconds ?? 0);
    if (found400.length) return response(400).json(invalid(found400));
    const normalised = { ...edit, texts: edit.texts.map((text) => ({ ...text, text: text.text.trim() })) };
    const draft: MockDraft = { version: stored + 1, edit: normalised, updated_at: new Date().toISOString() };
    editorDb.drafts.set(key, draft);
    editorDb.saves.push({ videoId: found.video.id, version: body.version, edit });
    return response(200).json({ ...normalised, version: draft.version, updated_at: draft.updated_at, duration_seconds: editedLength(normalised) });
  }),

  http.get('/api/editor/videos/{id}/filmstrip', ({ request, params, response }) => {
    const found = editable(request, params.id);
    if ('status' in found) return response.untyped(HttpResponse.json(found.body, { status: found.status }));
    return response.untyped(svgResponse(picture(found.video, 10, null)));
  }),

  http.get('/api/editor/videos/{id}/frame', ({ request, params, response }) => {
    const found = editable(request, params.id);
    if ('status' in found) return response.untyped(HttpResponse.json(found.body, { status: found.status }));
    const url = new URL(request.url);
    const at = Number(url.searchParams.get('at'));
    const filter = url.searchParams.get('filter');
    const duration = found.video.duration_seconds ?? 0;
    if (!Number.isFinite(at) || at < 0 || at > duration) {
      return response.untyped(HttpResponse.json(errorBody(400, 'VALIDATION_FAILED', 'at must be a number of seconds within the video', [{ field: 'at', message: 'at must be a number of seconds within the video' }]), { status: 400 }));
    }
    if (filter !== null && !(EDIT_FILTERS as readonly string[]).includes(filter)) {
      const detail = `filter must be one of ${EDIT_FILTERS.join(', ')}`;
      return response.untyped(HttpResponse.json(errorBody(400, 'VALIDATION_FAILED', detail, [{ field: 'filter', message: detail }]), { status: 400 }));
    }
    return response.untyped(svgResponse(picture(found.video, 1, filter, at)));
  }),

  http.post('/api/editor/videos/{id}/preview', async ({ request, params, response }) => {
    const found = editable(request, params.id);
    if ('status' in found) return response.untyped(HttpResponse.json(found.body, { status: found.status }));
    const body = await request.json();
    const edit = editBody(body.edit);
    const found400 = problems(edit, found.video.duration_seconds ?? 0);
    if (found400.length) return response.untyped(HttpResponse.json(invalid(found400), { status: 400 }));
    const length = editedLength(edit);
    const span = body.to - body.from;
    if (!(body.from >= 0 && span >= EDITOR_LIMITS.previewMinSeconds && span <= EDITOR_LIMITS.previewMaxSeconds + 0.001 && body.to <= length + 0.001)) {
      return response.untyped(HttpResponse.json(errorBody(400, 'EDITOR.INVALID_PREVIEW_RANGE', MESSAGES.previewRange, [{ field: 'range', message: MESSAGES.previewRange }]), { status: 400 }));
    }
    return response.untyped(new HttpResponse(await previewBytes(found.video), { headers: { 'Content-Type': 'video/mp4' } }));
  }),

  http.get('/api/editor/videos/{id}/exports', ({ request, params, response }) => {
    const found = editable(request, params.id);
    if ('status' in found) return response(found.status).json(found.body);
    const mine = editorDb.exports
      .filter((entry) => entry.video_id === found.video.id && entry.userId === found.userId)
      .sort((a, b) => b.startedAt - a.startedAt)
      .slice(0, 20);
    return response(200).json({ exports: mine.map(exportDto) });
  }),

  http.post('/api/editor/videos/{id}/exports', async ({ request, params, response }) => {
    const found = editable(request, params.id);
    if ('status' in found) return response(found.status).json(found.body);
    const body = await request.json();
    const stored = editorDb.drafts.get(`${found.video.id}:${found.userId}`)?.version ?? 0;
    if (body.version !== stored) return response(409).json(errorBody(409, 'EDITOR.VERSION_CONFLICT', MESSAGES.versionConflict));
    const height = shortSide(found.video);
    if (!allowedResolutions(height).includes(body.resolution)) {
      const detail = MESSAGES.upscale(body.resolution, height);
      return response(400).json(errorBody(400, 'EDITOR.UPSCALE', detail, [{ field: 'resolution', message: detail }]));
    }
    const now = Date.now();
    const entry: MockExport = {
      id: mediaId('export'),
      video_id: found.video.id,
      userId: found.userId,
      resolution: body.resolution,
      height: Math.min(HEIGHTS[body.resolution as Resolution], Math.max(2, Math.floor(height / 2) * 2)),
      status: 'queued',
      progress: 0,
      result_video_id: null,
      error: null,
      created_at: new Date(now).toISOString(),
      updated_at: new Date(now).toISOString(),
      startedAt: now,
    };
    editorDb.exports.push(entry);
    return response(202).json(exportDto(entry));
  }),

  http.get('/api/editor/exports/{id}', ({ request, params, response }) => {
    const found = ownExport(request, params.id);
    if ('refused' in found) return response(found.refused.status).json(found.refused.body);
    return response(200).json(exportDto(found.entry));
  }),

  http.post('/api/editor/exports/{id}/cancel', ({ request, params, response }) => {
    const found = ownExport(request, params.id);
    if ('refused' in found) return response(found.refused.status).json(found.refused.body);
    const entry = settleExport(found.entry);
    if (entry.status !== 'queued' && entry.status !== 'rendering') {
      return response(409).json(errorBody(409, 'EDITOR.EXPORT_FINISHED', MESSAGES.exportFinished));
    }
    entry.status = 'cancelled';
    entry.updated_at = new Date().toISOString();
    return response(200).json(exportDto(entry));
  }),
];
