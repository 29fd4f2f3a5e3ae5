import { delay } from 'msw';
import type { components } from '../../api/schema';
import { http, errorBody } from '../../mocks/http';
import { mediaDb, mediaId, type MockUploadSession, type MockVideo } from '../../mocks/mediaDb';
import { caller, playableUrl, problem, processingOutcome, sniffBlob, sessionInvalid } from '../../mocks/mediaHelpers';
import { videoDto } from '../videos/mocks';
import { LARGE_UPLOAD_MAX_BYTES, UPLOAD_MESSAGES } from './messages';

type UploadSessionDto = components['schemas']['UploadSessionDto'];
/** The init fields, as JSON or form values. */
type InitBody = Partial<Record<'filename' | 'total_size' | 'title' | 'description' | 'is_vertical' | 'monetization_enabled', unknown>>;

const sessionNotFound = () => errorBody(404, 'UPLOAD.NOT_FOUND', 'Upload session not found');
const sessionExpired = () => errorBody(410, 'UPLOAD.EXPIRED', 'This upload session has expired');
const sessionCancelled = () => errorBody(410, 'UPLOAD.CANCELLED', 'This upload was cancelled');
const sessionCompleted = () => errorBody(409, 'UPLOAD.COMPLETED', 'This upload is already complete');
const badRequest = (detail: string, field?: string) =>
  errorBody(400, 'VALIDATION_FAILED', detail, field ? [{ field, message: detail }] : undefined);

/** QA mode keeps chunk bytes in memory only: a video whose earlier chunks went with a page reload cannot play. */
export const LOST_CHUNKS_REASON =
  'QA mode kept no bytes of the chunks sent before the page was reloaded, so this video cannot be played. The real server keeps them.';

function dto(session: MockUploadSession): UploadSessionDto {
  return {
    session_id: session.session_id,
    upload_id: session.session_id,
    filename: session.filename,
    title: session.title,
    total_size: session.total_size,
    chunk_size: session.chunk_size,
    total_chunks: session.total_chunks,
    uploaded_chunks: [...session.uploaded_chunks].sort((a, b) => a - b),
    status: session.status,
    video_id: session.video_id,
    expires_at: session.expires_at,
  };
}

/** Idle sessions expire (product.md §4). */
function expire(session: MockUploadSession): MockUploadSession {
  if (session.status === 'active' && Date.parse(session.expires_at) <= Date.now()) {
    session.status = 'expired';
    mediaDb.chunkBytes.delete(session.session_id);
  }
  return session;
}

/** The caller's own session; another user's is "not found", never a leak. */
function ownSession(id: string, userId: string): MockUploadSession | undefined {
  const session = mediaDb.uploads.find((entry) => entry.session_id === id);
  return session && session.userId === userId ? expire(session) : undefined;
}

function touch(session: MockUploadSession): void {
  session.expires_at = new Date(Date.now() + mediaDb.config.sessionTtlMs).toISOString();
}

const asText = (value: unknown) => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');
const asFlag = (value: unknown) => value === true || asText(value).toLowerCase() === 'true';

/** Reads an init body sent as JSON or as a form, as the server accepts both. */
async function initBody(request: Request): Promise<InitBody> {
  const type = request.headers.get('Content-Type') ?? '';
  if (type.includes('application/json')) return (await request.json()) as InitBody;
  const form = await request.formData();
  return Object.fromEntries([...form.entries()].filter(([, value]) => typeof value === 'string')) as InitBody;
}

/** The server's answers for chunked uploads: init, chunk, complete, cancel and status (product.md §4). */
export const uploadsHandlers = [
  http.post('/api/videos/upload/init', async ({ request, response }) => {
    const me = caller(request);
    if (!me) return response(401).json(sessionInvalid());
    const body = await initBody(request);
    const filename = asText(body.filename).trim();
    const title = asText(body.title).trim();
    const size = Number(body.total_size);
    if (!filename || !title) return response(400).json(badRequest(UPLOAD_MESSAGES.fileAndTitleRequired));
    if (!Number.isInteger(size) || size < 0) return response(400).json(badRequest('total_size must be a whole number of bytes', 'total_size'));
    if (size === 0) return response(400).json(badRequest(UPLOAD_MESSAGES.emptyFile, 'total_size'));
    if (size > LARGE_UPLOAD_MAX_BYTES) return response(400).json(badRequest(UPLOAD_MESSAGES.tooLarge, 'total_size'));
    if (size > mediaDb.config.freeBytes) {
      return response(507).json(errorBody(507, 'UPLOADS.INSUFFICIENT_STORAGE', 'Not enough storage space for this upload'));
    }
    const active = mediaDb.uploads.filter((entry) => entry.userId === me.user.id && expire(entry).status === 'active');
    if (active.length >= mediaDb.config.maxActiveUploads) {
      return response(429).json(
        errorBody(429, 'UPLOADS.TOO_MANY', 'You have too many uploads in progress. Finish or cancel one first.'),
      );
    }
    const chunkSize = mediaDb.config.chunkSize;
    const session: MockUploadSession = {
      session_id: mediaId('upload'),
      userId: me.user.id,
      filename,
      title,
      description: asText(body.description).trim() || null,
      is_vertical: asFlag(body.is_vertical),
      monetization_enabled: asFlag(body.monetization_enabled) && me.user.creator_program,
      total_size: size,
      chunk_size: chunkSize,
      total_chunks: Math.ceil(size / chunkSize),
      uploaded_chunks: [],
      status: 'active',
      video_id: null,
      expires_at: '',
    };
    touch(session);
    mediaDb.uploads.push(session);
    mediaDb.chunkBytes.set(session.session_id, new Map());
    return response(201).json(dto(session));
  }),

  http.post('/api/videos/upload/chunk/{sessionId}', async ({ request, params, response }) => {
    const me = caller(request);
    if (!me) return response(401).json(sessionInvalid());
    const session = ownSession(params.sessionId, me.user.id);
    if (!session) return response(404).json(sessionNotFound());
    if (session.status === 'expired') return response(410).json(sessionExpired());
    if (session.status === 'cancelled') return response(410).json(sessionCancelled());
    if (session.status === 'completed') return response.untyped(problem(409, 'UPLOAD.COMPLETED', 'This upload is already complete'));
    const form = await request.formData();
    const indexText = new URL(request.url).searchParams.get('chunk_index') ?? form.get('chunk_index');
    const index = typeof indexText === 'string' && /^\d+$/.test(indexText) ? Number(indexText) : -1;
    const chunk = form.get('file');
    if (indexText === null || !chunk || typeof chunk === 'string') {
      return response(400).json(badRequest('Send chunk_index, then the chunk as the file field', 'file'));
    }
    if (index < 0 || index >= session.total_chunks) {
      return response(400).json(badRequest(`chunk_index must be a whole number from 0 to ${session.total_chunks - 1}`, 'chunk_index'));
    }
    const expected = index === session.total_chunks - 1 ? session.total_size - index * session.chunk_size : session.chunk_size;
    if (chunk.size !== expected) {
      return response(400).json(badRequest(`This chunk must be exactly ${expected} bytes`, 'file'));
    }
    // The first chunk shows what the file is: the server refuses what is not a video at once.
    if (index === 0 && !(await sniffBlob(chunk))) return response(400).json(badRequest(UPLOAD_MESSAGES.invalidType, 'file'));
    if (mediaDb.config.chunkDelayMs > 0) {
      await delay(mediaDb.config.chunkDelayMs);
      // Cancelled while this chunk was on its way (the status changes behind TypeScript's narrowing).
      if ((session.status as MockUploadSession['status']) === 'cancelled') return response(410).json(sessionCancelled());
    }
    if (!session.uploaded_chunks.includes(index)) session.uploaded_chunks.push(index);
    let bytes = mediaDb.chunkBytes.get(session.session_id);
    if (!bytes) {
      bytes = new Map();
      mediaDb.chunkBytes.set(session.session_id, bytes);
    }
    bytes.set(index, chunk);
    touch(session);
    return response(200).json({
      session_id: session.session_id,
      chunk_index: index,
      uploaded_chunks: session.uploaded_chunks.length,
      total_chunks: session.total_chunks,
    });
  }),

  http.post('/api/videos/upload/complete/{uploadId}', async ({ request, params, response }) => {
    const me = caller(request);
    if (!me) return response(401).json(sessionInvalid());
    const session = ownSession(params.uploadId, me.user.id);
    if (!session) return response(404).json(sessionNotFound());
    if (session.status === 'expired') return response(410).json(sessionExpired());
    if (session.status === 'cancelled') return response(410).json(sessionCancelled());
    if (session.status === 'completed') return response.untyped(problem(409, 'UPLOAD.COMPLETED', 'This upload is already complete'));
    const missing = session.total_chunks - session.uploaded_chunks.length;
    if (missing > 0) {
      return response(400).json(badRequest(`Upload is incomplete: ${missing} chunk${missing === 1 ? '' : 's'} missing`));
    }
    const bytes = mediaDb.chunkBytes.get(session.session_id);
    const parts = Array.from({ length: session.total_chunks }, (_, index) => bytes?.get(index));
    const whole = parts.every((part) => part !== undefined) ? new Blob(parts as Blob[], { type: 'video/mp4' }) : null;
    const outcome = whole ? processingOutcome(await sniffBlob(whole)) : { ...processingOutcome('mp4'), status: 'failed' as const, failure_reason: LOST_CHUNKS_REASON };
    const video: MockVideo = {
      id: mediaId('video'),
      userId: me.user.id,
      accountId: me.user.active_account_id ?? '',
      created_at: new Date().toISOString(),
      title: session.title,
      description: session.description,
      is_vertical: session.is_vertical,
      monetization_enabled: session.monetization_enabled,
      views: 0,
      baseLikes: 0,
      likedBy: [],
      ad_revenue: 0,
      status: 'processing',
      failure_reason: null,
      pending: outcome,
      duration_seconds: null,
      width: null,
      height: null,
      thumbnail_url: null,
      stream_url: whole ? playableUrl(whole, session.filename) : '/mock-media/missing.mp4',
      hls_url: null,
    };
    mediaDb.videos.push(video);
    session.status = 'completed';
    session.video_id = video.id;
    mediaDb.chunkBytes.delete(session.session_id);
    const body = videoDto(video, me.user.id);
    if (!body) return response(401).json(sessionInvalid());
    return response(201).json(body);
  }),

  http.delete('/api/videos/upload/cancel/{uploadId}', ({ request, params, response }) => {
    const me = caller(request);
    if (!me) return response(401).json(sessionInvalid());
    const session = ownSession(params.uploadId, me.user.id);
    if (!session) return response(404).json(sessionNotFound());
    if (session.status === 'completed') return response(409).json(sessionCompleted());
    session.status = 'cancelled';
    session.uploaded_chunks = [];
    mediaDb.chunkBytes.delete(session.session_id);
    return response(200).json({ message: 'Upload cancelled' });
  }),

  http.get('/api/videos/upload/status/{id}', ({ request, params, response }) => {
    const me = caller(request);
    if (!me) return response(401).json(sessionInvalid());
    const session = ownSession(params.id, me.user.id);
    if (!session) return response(404).json(sessionNotFound());
    return response(200).json(dto(session));
  }),
];
