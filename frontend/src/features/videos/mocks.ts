import { http, errorBody } from '../../mocks/http';
import { mediaDb, mediaId, settle, type MockVideo } from '../../mocks/mediaDb';
import {
  caller,
  countView,
  fileField,
  flag,
  isVisible,
  listed,
  ownerDto,
  page,
  playableUrl,
  processingOutcome,
  sniffBlob,
  text,
  monetizationRefusedBody,
  problem,
  sessionInvalid,
} from '../../mocks/mediaHelpers';
import { VIDEO_MESSAGES } from './messages';
import type { VideoDto } from './types';

/** The server's cap on a single-request video upload (4 GB). */
export const VIDEO_UPLOAD_MAX_BYTES = 4 * 1024 ** 3;

const notFound = () => errorBody(404, 'MEDIA.NOT_FOUND', 'Video not found');
const badRequest = (detail: string, field?: string) =>
  errorBody(400, 'VALIDATION_FAILED', detail, field ? [{ field, message: detail }] : undefined);

/** A video as the API shows it to `viewerId`; undefined once its account is gone. */
export function videoDto(video: MockVideo, viewerId: string | undefined): VideoDto | undefined {
  settle(video);
  const owner = ownerDto(video.accountId);
  if (!owner) return undefined;
  const isOwner = viewerId === video.userId;
  const ready = video.status === 'ready';
  return {
    id: video.id,
    title: video.title,
    description: video.description,
    is_vertical: video.is_vertical,
    monetization_enabled: video.monetization_enabled,
    views: video.views,
    likes: video.baseLikes + video.likedBy.length,
    liked: viewerId !== undefined && video.likedBy.includes(viewerId),
    ad_revenue: video.ad_revenue,
    status: video.status,
    failure_reason: isOwner ? video.failure_reason : null,
    duration_seconds: ready ? video.duration_seconds : null,
    width: ready ? video.width : null,
    height: ready ? video.height : null,
    thumbnail_url: ready ? video.thumbnail_url : null,
    stream_url: video.stream_url,
    hls_url: ready ? video.hls_url : null,
    created_at: video.created_at,
    owner,
    is_owner: isOwner,
  };
}

/** A video the caller may see, by id. */
export function visibleVideo(id: string, viewerId: string | undefined): MockVideo | undefined {
  const video = mediaDb.videos.find((entry) => entry.id === id);
  if (!video) return undefined;
  settle(video);
  return isVisible(video, viewerId) ? video : undefined;
}

/** The server's answers for the video list (`mine=true` too), single-request uploads, views, watch time and likes. */
export const videosHandlers = [
  http.get('/api/videos', ({ request, response }) => {
    const viewerId = caller(request)?.user.id;
    const url = new URL(request.url);
    const vertical = url.searchParams.get('is_vertical');
    const visible = listed(mediaDb.videos.map((video) => settle(video)), url, viewerId);
    if (!visible) return response(401).json(sessionInvalid());
    const kind = visible.filter((video) => vertical === null || video.is_vertical === (vertical === 'true'));
    const { items, next } = page(kind, url);
    const body = items.flatMap((video) => videoDto(video, viewerId) ?? []);
    return response(200).json(body, next ? { headers: { 'X-Next-Cursor': next } } : undefined);
  }),

  http.post('/api/videos/upload', async ({ request, response }) => {
    const me = caller(request);
    if (!me) return response(401).json(sessionInvalid());
    const form = await request.formData();
    // The server takes the file as `file` or `video` (the quick editor upload sends `video`, seed 002 §7).
    const file = fileField(form, 'file') ?? fileField(form, 'video');
    const title = text(form, 'title').trim();
    if (!file) return response(400).json(badRequest(VIDEO_MESSAGES.selectVideo, 'file'));
    if (!title) return response(400).json(badRequest(VIDEO_MESSAGES.titleRequired, 'title'));
    if (file.size === 0) return response(400).json(badRequest('File cannot be empty', 'file'));
    if (file.size > VIDEO_UPLOAD_MAX_BYTES) {
      return response(413).json(errorBody(413, 'MEDIA.TOO_LARGE', 'File size must be less than 4GB'));
    }
    const kind = await sniffBlob(file);
    if (!kind) return response(400).json(badRequest(VIDEO_MESSAGES.selectVideo, 'file'));
    if (flag(form, 'monetization_enabled') && !me.user.creator_program) return response(403).json(monetizationRefusedBody());
    const vertical = flag(form, 'is_vertical');
    const video: MockVideo = {
      id: mediaId('video'),
      userId: me.user.id,
      accountId: me.user.active_account_id ?? '',
      created_at: new Date().toISOString(),
      title,
      description: text(form, 'description').trim() || null,
      is_vertical: vertical,
      monetization_enabled: flag(form, 'monetization_enabled'),
      views: 0,
      baseLikes: 0,
      likedBy: [],
      ad_revenue: 0,
      status: 'processing',
      failure_reason: null,
      pending: processingOutcome(kind),
      duration_seconds: null,
      width: null,
      height: null,
      thumbnail_url: null,
      stream_url: playableUrl(file, file.name),
      hls_url: null,
    };
    mediaDb.videos.push(video);
    const dto = videoDto(video, me.user.id);
    if (!dto) return response(401).json(sessionInvalid());
    return response(201).json(dto);
  }),

  http.get('/api/videos/{id}', ({ request, params, response }) => {
    const viewerId = caller(request)?.user.id;
    const video = visibleVideo(params.id, viewerId);
    const body = video ? videoDto(video, viewerId) : undefined;
    if (!body) return response(404).json(notFound());
    return response(200).json(body);
  }),

  http.post('/api/videos/{id}/view', ({ request, params, response }) => {
    const viewerId = caller(request)?.user.id;
    const video = visibleVideo(params.id, viewerId);
    if (!video || video.status !== 'ready') return response(404).json(notFound());
    const counted = countView('video', video.id, viewerId ?? 'visitor');
    if (counted) video.views += 1;
    return response(200).json({ views: video.views, counted });
  }),

  http.post('/api/videos/{id}/heartbeat', async ({ request, params, response }) => {
    const me = caller(request);
    if (!me) return response(401).json(sessionInvalid());
    const video = visibleVideo(params.id, me.user.id);
    if (!video) return response.untyped(problem(404, 'MEDIA.NOT_FOUND', 'Video not found'));
    const { seconds, position } = await request.json();
    if (typeof seconds !== 'number' || !Number.isInteger(seconds) || seconds < 1 || seconds > 60) {
      return response(400).json(badRequest('Seconds must be a whole number from 1 to 60', 'seconds'));
    }
    const length = video.duration_seconds;
    if (position !== undefined && (typeof position !== 'number' || !Number.isInteger(position) || position < 0 || (length != null && position > Math.ceil(length) + 1))) {
      return response(400).json(badRequest('position must be a whole number of seconds within the video', 'position'));
    }
    if (position !== undefined) mediaDb.progress[`${me.user.id}:${video.id}`] = { position, at: Date.now() };
    mediaDb.watchSeconds[video.id] = (mediaDb.watchSeconds[video.id] ?? 0) + seconds;
    return response(204).empty();
  }),

  http.post('/api/videos/{id}/like', ({ request, params, response }) => {
    const me = caller(request);
    if (!me) return response(401).json(sessionInvalid());
    const video = visibleVideo(params.id, me.user.id);
    if (!video) return response(404).json(notFound());
    const liked = !video.likedBy.includes(me.user.id);
    video.likedBy = liked ? [...video.likedBy, me.user.id] : video.likedBy.filter((id) => id !== me.user.id);
    return response(200).json({ liked, likes: video.baseLikes + video.likedBy.length });
  }),
];
