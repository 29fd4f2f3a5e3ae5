import { consoleRefusal } from '../../mocks/consoleAuth';
import { accountsOf, bearerToken, findUserByIdentifier, mockDb } from '../../mocks/db';
import { commentsDb } from '../../mocks/commentsDb';
import { liveDb } from '../../mocks/liveDb';
import { emitToRoom } from '../../mocks/realtimeRooms';
import { errorBody, http } from '../../mocks/http';
import { mediaDb } from '../../mocks/mediaDb';
import { caller, isVisible, ownerDto } from '../../mocks/mediaHelpers';
import {
  MOCK_MODERATION_RULES,
  appealDeadline,
  moderationDb,
  moderationId,
  strikeExpiresAt,
  strikeStatus,
  type MockAuditAction,
  type MockAuditEntry,
  type MockCase,
  type MockContentType,
  type MockReason,
  type MockResolution,
  type MockSnapshot,
  type MockStrike,
} from '../../mocks/moderationDb';
import { notify, type NotificationDraft } from '../../mocks/socialDb';
import { communityPostSnapshot, setCommunityPostRemoved } from '../gaming/community/mocks';
import { musicDb } from '../music/mocks';
import { podcastsDb } from '../podcasts/mocks';
import { CASE_ACTIONS, CONTENT_TYPES, REPORT_MESSAGES, REPORT_REASONS, TIMED_CONTENT, type CaseAction } from './messages';
import type { AdminStrike, AuditEntry, ModerationCase, ReportDto, Strike } from './types';

const HOUR_MS = 3_600_000;

type ErrorBody = ReturnType<typeof errorBody>;

const bad = (detail: string, field?: string, code = 'VALIDATION_FAILED'): ErrorBody =>
  errorBody(400, code, detail, field ? [{ field, message: detail }] : undefined);
const notFound = (detail: string) => errorBody(404, 'MODERATION.NOT_FOUND', detail);
const conflict = (code: string, detail: string) => errorBody(409, code, detail);
const sessionInvalid = () => errorBody(401, 'IDENTITY.SESSION_INVALID', 'Your session is no longer valid. Please sign in again.');

/** True when the request carries a live admin token (the console's own audience). */
function adminOf(request: Request): string | undefined {
  const token = bearerToken(request.headers.get('Authorization'));
  return token ? mockDb.adminTokens.get(token) : undefined;
}

/** The console's refusal of a request without a live admin token, as the server's: 403 to a live user token, else its 401. */
const refused = (request: Request) => consoleRefusal(request, errorBody(401, 'UNAUTHENTICATED', 'Authentication is required'));

/** A user's name as the console shows it (their primary channel's handle); null once they are gone. */
function usernameOf(userId: string | null): string | null {
  if (!userId) return null;
  const user = mockDb.users.get(userId)?.user;
  if (!user) return null;
  return accountsOf(user).find((a) => a.is_primary)?.handle ?? user.display_name;
}

/** The channel an owner's content shows under: its account, or (movies) the owner's primary channel. */
function channelOf(accountId: string | null, userId: string): { name: string | null; handle: string | null } {
  const owner = accountId ? ownerDto(accountId) : undefined;
  if (owner) return { name: owner.display_name, handle: owner.handle };
  const user = mockDb.users.get(userId)?.user;
  const primary = user ? accountsOf(user).find((a) => a.is_primary) : undefined;
  return { name: primary?.display_name ?? null, handle: primary?.handle ?? null };
}

interface Target {
  snapshot: MockSnapshot;
  durationSeconds: number | null;
}

/** What `viewerId` reports, as the server finds it: null when it does not exist or they cannot see it. */
/** A live stream (any status) or a chat message not deleted, as the server's live context resolves them. */
function liveTarget(type: 'live_stream' | 'live_chat_message', id: string): Target | null {
  if (type === 'live_stream') {
    const stream = liveDb.streams.find((s) => s.id === id);
    if (!stream) return null;
    return {
      durationSeconds: null,
      snapshot: { ownerUserId: stream.userId, title: stream.title, description: stream.description, text: null, channelName: null, handle: null, thumbnailUrl: null, mediaKind: 'live_stream', mediaId: stream.id },
    };
  }
  const message = liveDb.comments.find((c) => c.id === id);
  const stream = message ? liveDb.streams.find((s) => s.id === message.streamId) : undefined;
  if (!message || !stream) return null;
  return {
    durationSeconds: null,
    snapshot: { ownerUserId: message.user_id, title: stream.title, description: null, text: message.message, channelName: null, handle: message.username, thumbnailUrl: null, mediaKind: 'live_stream', mediaId: stream.id },
  };
}

function findTarget(type: MockContentType, id: string, viewerId: string): Target | null {
  if (type === 'live_stream' || type === 'live_chat_message') return liveTarget(type, id);
  if (type === 'community_post') {
    const snapshot = communityPostSnapshot(id);
    return snapshot ? { durationSeconds: null, snapshot } : null;
  }
  if (type === 'track') {
    const track = musicDb.tracks.find((entry) => entry.id === id);
    if (!track) return null;
    return {
      durationSeconds: track.duration_seconds,
      snapshot: {
        ownerUserId: track.userId,
        title: track.title,
        description: track.album ? `${track.artist} · ${track.album}` : track.artist,
        text: null,
        channelName: track.owner.display_name,
        handle: track.owner.handle,
        thumbnailUrl: track.cover_url,
        mediaKind: 'track',
        mediaId: track.id,
      },
    };
  }
  if (type === 'episode') {
    const episode = podcastsDb.episodes.find((entry) => entry.id === id);
    const show = episode ? podcastsDb.shows.find((entry) => entry.id === episode.showId) : undefined;
    if (!episode || !show) return null;
    return {
      durationSeconds: episode.duration_seconds,
      snapshot: {
        // The mock's shows are kept by their creator's name.
        ownerUserId: findUserByIdentifier(show.creator)?.user.id ?? null,
        title: episode.title,
        description: episode.description,
        text: null,
        channelName: `${show.show_name} (${show.creatorName})`,
        handle: show.creator,
        thumbnailUrl: episode.cover_url,
        mediaKind: 'episode',
        mediaId: episode.id,
      },
    };
  }
  if (type === 'video' || type === 'reel') {
    const item = (type === 'video' ? mediaDb.videos : mediaDb.reels).find((entry) => entry.id === id);
    if (!item || !isVisible(item, viewerId)) return null;
    const channel = channelOf(item.accountId, item.userId);
    return {
      durationSeconds: item.duration_seconds,
      snapshot: {
        ownerUserId: item.userId,
        title: item.title,
        description: item.description,
        text: null,
        channelName: channel.name,
        handle: channel.handle,
        thumbnailUrl: item.thumbnail_url,
        mediaKind: type,
        mediaId: item.id,
      },
    };
  }
  if (type === 'movie') {
    const movie = mediaDb.movies.find((entry) => entry.id === id);
    if (!movie || !isVisible(movie, viewerId)) return null;
    const channel = channelOf(null, movie.userId);
    return {
      durationSeconds: movie.duration === null ? null : movie.duration * 60,
      snapshot: {
        ownerUserId: movie.userId,
        title: movie.title,
        description: movie.description,
        text: null,
        channelName: channel.name,
        handle: channel.handle,
        thumbnailUrl: movie.poster_url,
        mediaKind: 'movie',
        mediaId: movie.id,
      },
    };
  }
  if (type === 'comment') {
    const comment = commentsDb.comments.find((entry) => entry.id === id);
    if (comment) {
      const media = comment.kind === 'video' ? mediaDb.videos.find((v) => v.id === comment.mediaId) : mediaDb.movies.find((m) => m.id === comment.mediaId);
      if (!media || !isVisible(media, viewerId)) return null;
      const channel = comment.accountId ? channelOf(comment.accountId, comment.userId ?? '') : { name: null, handle: comment.username };
      return {
        durationSeconds: null,
        snapshot: {
          ownerUserId: comment.userId,
          title: media.title,
          description: null,
          text: comment.content,
          channelName: channel.name,
          handle: channel.handle ?? comment.username,
          thumbnailUrl: null,
          mediaKind: comment.kind,
          mediaId: media.id,
        },
      };
    }
    const reelComment = mediaDb.comments.find((entry) => entry.id === id);
    const reel = reelComment ? mediaDb.reels.find((r) => r.id === reelComment.reelId) : undefined;
    if (!reelComment || !reel || !isVisible(reel, viewerId)) return null;
    return {
      durationSeconds: null,
      snapshot: {
        ownerUserId: reelComment.userId,
        title: reel.title,
        description: null,
        text: reelComment.content,
        channelName: null,
        handle: reelComment.username,
        thumbnailUrl: null,
        mediaKind: 'reel',
        mediaId: reel.id,
      },
    };
  }
  const entry = mockDb.accounts.get(id);
  if (!entry) return null;
  const { account } = entry;
  if (entry.userId !== viewerId && account.privacy_settings.profile_visibility === 'private') return null;
  return {
    durationSeconds: null,
    snapshot: {
      ownerUserId: entry.userId,
      title: null,
      description: account.bio,
      text: null,
      channelName: account.display_name,
      handle: account.handle,
      thumbnailUrl: account.profile_photo_url,
      mediaKind: null,
      mediaId: null,
    },
  };
}

/** The media a case is about, where it is now: listed, removed by moderation, or gone. */
function mediaNow(type: MockContentType, id: string) {
  const removed = moderationDb.removed.some((entry) => entry.item.id === id);
  if (type === 'track') {
    const track = musicDb.tracks.find((entry) => entry.id === id);
    return { removed, item: track ? { status: 'ready', stream_url: `/api/music/tracks/${track.id}/stream` } : undefined };
  }
  if (type === 'episode') {
    const episode = podcastsDb.episodes.find((entry) => entry.id === id);
    return { removed, item: episode ? { status: 'ready', stream_url: `/api/podcasts/episode/${episode.id}/stream` } : undefined };
  }
  const list = type === 'video' ? mediaDb.videos : type === 'reel' ? mediaDb.reels : type === 'movie' ? mediaDb.movies : [];
  const item = list.find((entry) => entry.id === id);
  return { removed, item };
}

/** Whether moderation has taken the content down (media kept for an appeal, or a comment deleted). */
function isRemoved(item: MockCase): boolean {
  if (item.contentType === 'live_stream' || item.contentType === 'live_chat_message' || item.contentType === 'community_post') {
    return item.resolution === 'removed' || item.resolution === 'removed_and_struck';
  }
  if (item.contentType === 'comment') {
    const wasRemoved = item.resolution === 'removed' || item.resolution === 'removed_and_struck';
    return wasRemoved && !commentsDb.comments.some((c) => c.id === item.contentId) && !mediaDb.comments.some((c) => c.id === item.contentId);
  }
  return mediaNow(item.contentType, item.contentId).removed;
}

function caseDto(item: MockCase): ModerationCase {
  const reports = moderationDb.reports
    .filter((r) => r.caseId === item.id)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  const { snapshot } = item;
  const timed = TIMED_CONTENT.includes(item.contentType);
  const playing = timed ? mediaNow(item.contentType, item.contentId).item : undefined;
  return {
    id: item.id,
    content_type: item.contentType,
    content_id: item.contentId,
    status: item.status,
    report_count: reports.length,
    first_reported_at: item.firstReportedAt,
    last_reported_at: item.lastReportedAt,
    owner: snapshot.ownerUserId ? { user_id: snapshot.ownerUserId, username: usernameOf(snapshot.ownerUserId) } : null,
    content: {
      title: snapshot.title,
      description: snapshot.description,
      text: snapshot.text,
      channel_name: snapshot.channelName,
      handle: snapshot.handle,
      thumbnail_url: snapshot.thumbnailUrl,
      stream_url: playing && playing.status === 'ready' ? playing.stream_url : null,
      media_kind: snapshot.mediaKind,
      media_id: snapshot.mediaId,
      removed: isRemoved(item),
    },
    reports: reports.slice(0, MOCK_MODERATION_RULES.reportsShown).map((r) => ({
      id: r.id,
      reporter: { user_id: r.reporterUserId, username: usernameOf(r.reporterUserId) ?? r.reporterName },
      reason: r.reason,
      description: r.description,
      timestamp_seconds: r.timestampSeconds,
      created_at: r.createdAt,
    })),
    resolution: item.resolution,
    resolution_reason: item.resolutionReason,
    resolved_at: item.resolvedAt,
    resolved_by: item.resolvedBy,
  };
}

function strikeDto(strike: MockStrike, now = Date.now()): Strike {
  const status = strikeStatus(strike, now);
  const deadline = appealDeadline(strike);
  const stillRemoved =
    strike.removedWith &&
    (strike.contentType === 'comment' || strike.contentType === 'live_stream' || strike.contentType === 'live_chat_message' ? true : moderationDb.removed.some((entry) => entry.item.id === strike.contentId));
  return {
    id: strike.id,
    reason: strike.reason,
    content_type: strike.contentType,
    content_id: strike.contentId,
    content_title: strike.contentTitle,
    content_removed: stillRemoved,
    status,
    created_at: strike.createdAt,
    expires_at: strikeExpiresAt(strike),
    appeal_deadline: deadline,
    can_appeal: status === 'active' && !strike.appeal && now < new Date(deadline).getTime(),
    appeal: strike.appeal
      ? {
          message: strike.appeal.message,
          status: strike.appeal.status,
          created_at: strike.appeal.createdAt,
          decided_at: strike.appeal.decidedAt,
          decision_reason: strike.appeal.decisionReason,
        }
      : null,
  };
}

function adminStrikeDto(strike: MockStrike): AdminStrike {
  return { ...strikeDto(strike), user_id: strike.userId, username: usernameOf(strike.userId) };
}

function auditDto(entry: MockAuditEntry): AuditEntry {
  return {
    id: entry.id,
    admin_username: entry.adminUsername,
    action: entry.action,
    content_type: entry.contentType,
    content_id: entry.contentId,
    target_user_id: entry.targetUserId,
    target_username: usernameOf(entry.targetUserId),
    case_id: entry.caseId,
    strike_id: entry.strikeId,
    reason: entry.reason,
    created_at: entry.createdAt,
  };
}

/** One page from an offset cursor and a limit (1-100, default 20). */
function pageOf<T>(items: T[], url: URL): { items: T[]; next: string | null } {
  const limit = Math.min(100, Math.max(1, Number(url.searchParams.get('limit')) || 20));
  const offset = Math.max(0, Number(url.searchParams.get('cursor')) || 0);
  return { items: items.slice(offset, offset + limit), next: offset + limit < items.length ? String(offset + limit) : null };
}

/** A form in any encoding (multipart as the seed sends it, urlencoded, JSON) as text fields. */
async function formOf(request: Request): Promise<Record<string, string>> {
  const type = request.headers.get('Content-Type') ?? '';
  const fields: Record<string, string> = {};
  try {
    if (type.includes('application/json')) {
      const body = (await request.json()) as Record<string, unknown>;
      for (const [key, value] of Object.entries(body ?? {})) if (value !== null && value !== undefined) fields[key] = String(value);
    } else {
      const form = await request.formData();
      form.forEach((value, key) => {
        if (typeof value === 'string') fields[key] = value;
      });
    }
  } catch {
    return fields;
  }
  return fields;
}

/** A decision's reason: 1 to 500 characters after trimming, or the 400's body that says why not. */
function decisionReason(raw: unknown): string | ErrorBody {
  const reason = typeof raw === 'string' ? raw.trim() : '';
  if (!reason) return bad('A reason is required', 'reason');
  if (reason.length > 500) return bad('Reason must be at most 500 characters', 'reason');
  return reason;
}

/** The outcome text each reporter is told (the server's). */
const OUTCOMES: Record<CaseAction, string> = {
  dismiss: 'No violation was found; the content stays up.',
  remove: 'The content was removed.',
  strike: 'The uploader received a guideline strike.',
  remove_and_strike: 'The content was removed and the uploader received a guideline strike.',
};

const RESOLUTIONS: Record<CaseAction, MockResolution> = {
  dismiss: 'dismissed',
  remove: 'removed',
  strike: 'struck',
  remove_and_strike: 'removed_and_struck',
};

/** The notifications of a decision (the server's drafts). */
const drafts = {
  reportResolved: (reportId: string, outcome: string): NotificationDraft => ({
    type: 'report_resolved',
    title: 'Report resolved',
    message: `Thank you for your report. Outcome: ${outcome}`,
    link: { kind: 'report', id: reportId },
    dedupeKey: `report:${reportId}`,
  }),
  contentRemoved: (contentType: string, contentId: string, reason: string, title: string | null): NotificationDraft => ({
    type: 'content_removed',
    title: contentType === 'comment' ? 'Your comment was removed' : 'Your content was removed',
    message: `${title ? `"${title}" was removed` : 'It was removed'} for breaking the community guidelines: ${reason}`,
    link: { kind: 'strikes', id: contentId },
    dedupeKey: `removed:${contentType}:${contentId}`,
  }),
  strike: (strikeId: string, reason: string, deadline: string): NotificationDraft => ({
    type: 'strike',
    title: 'Community guidelines strike',
    message: `Your channel received a strike: ${reason}. It lasts 90 days; you can appeal it until ${deadline.slice(0, 10)}.`,
    link: { kind: 'strikes', id: strikeId },
    dedupeKey: `strike:${strikeId}`,
  }),
  appealDecided: (strikeId: string, decision: 'upheld' | 'overturned', reason: string): NotificationDraft => ({
    type: 'appeal_decided',
    title: decision === 'overturned' ? 'Appeal granted: strike removed' : 'Appeal rejected: strike stays',
    message:
      decision === 'overturned'
        ? `Your appeal was granted; the strike is removed and anything removed with it is back: ${reason}`
        : `Your appeal was reviewed and the strike stays: ${reason}`,
    link: { kind: 'strikes', id: strikeId },
    dedupeKey: `appeal:${strikeId}`,
  }),
};

/** Takes the content down: media out of every list (kept for an appeal), a comment and its replies deleted. */
function removeContent(item: MockCase): void {
  const { contentType: type, contentId: id } = item;
  if (type === 'community_post') setCommunityPostRemoved(id, true);
  if (type === 'track') {
    const index = musicDb.tracks.findIndex((entry) => entry.id === id);
    if (index < 0 || moderationDb.removed.some((entry) => entry.item.id === id)) return;
    const [track] = musicDb.tracks.splice(index, 1);
    moderationDb.removed.push({ kind: 'audio', item: track, restore: () => musicDb.tracks.push(track) });
    return;
  }
  if (type === 'episode') {
    const index = podcastsDb.episodes.findIndex((entry) => entry.id === id);
    if (index < 0 || moderationDb.removed.some((entry) => entry.item.id === id)) return;
    const [episode] = podcastsDb.episodes.splice(index, 1);
    moderationDb.removed.push({ kind: 'audio', item: episode, restore: () => podcastsDb.episodes.push(episode) });
    return;
  }
  if (type === 'video' || type === 'reel' || type === 'movie') {
    if (moderationDb.removed.some((entry) => entry.item.id === id)) return;
    if (type === 'video') {
      const index = mediaDb.videos.findIndex((v) => v.id === id);
      if (index >= 0) moderationDb.removed.push({ kind: 'video', item: mediaDb.videos.splice(index, 1)[0] });
    } else if (type === 'reel') {
      const index = mediaDb.reels.findIndex((r) => r.id === id);
      if (index >= 0) moderationDb.removed.push({ kind: 'reel', item: mediaDb.reels.splice(index, 1)[0] });
    } else {
      const index = mediaDb.movies.findIndex((m) => m.id === id);
      if (index >= 0) moderationDb.removed.push({ kind: 'movie', item: mediaDb.movies.splice(index, 1)[0] });
    }
    return;
  }
  if (type === 'comment') {
    commentsDb.comments = commentsDb.comments.filter((c) => c.id !== id && c.parentId !== id);
    mediaDb.comments = mediaDb.comments.filter((c) => c.id !== id);
  }
  // A live stream ends for good (its recording is not kept); a chat message is deleted; their rooms are told.
  if (type === 'live_stream') {
    const stream = liveDb.streams.find((s) => s.id === id);
    if (stream && stream.status !== 'ended') {
      Object.assign(stream, { status: 'ended', ended_at: new Date().toISOString(), record: false });
      emitToRoom(`live:${id}`, { event: 'ended', stream_id: id, removed: true });
    }
  }
  if (type === 'live_chat_message') {
    const message = liveDb.comments.find((c) => c.id === id);
    if (message) {
      liveDb.comments = liveDb.comments.filter((c) => c.id !== id);
      emitToRoom(`live:${message.streamId}`, { event: 'comment_deleted', stream_id: message.streamId, id });
    }
  }
}

/** Brings back media removed with an overturned strike. */
function restoreContent(strike: MockStrike): void {
  const index = moderationDb.removed.findIndex((entry) => entry.item.id === strike.contentId);
  if (index < 0) return;
  const [entry] = moderationDb.removed.splice(index, 1);
  if (entry.kind === 'audio') entry.restore();
  else if (entry.kind === 'video') mediaDb.videos.push(entry.item);
  else if (entry.kind === 'reel') mediaDb.reels.push(entry.item);
  else mediaDb.movies.push(entry.item);
}

function audit(admin: string, action: MockAuditAction, fields: Omit<MockAuditEntry, 'id' | 'adminUsername' | 'action' | 'createdAt'>): void {
  moderationDb.audit.push({ id: moderationId('audit'), adminUsername: admin, action, createdAt: new Date().toISOString(), ...fields });
}

const REASONS: readonly string[] = REPORT_REASONS.map((r) => r.value);
const isContentType = (value: string): value is MockContentType => (CONTENT_TYPES as readonly string[]).includes(value);

/** The server's answers for reporting, the creator's strikes and appeals, and the admin console's moderation. */
export const moderationHandlers = [
  http.post('/api/content/report', async ({ request, response }) => {
    const me = caller(request);
    if (!me) return response(401).json(errorBody(401, 'MODERATION.LOGIN_REQUIRED', REPORT_MESSAGES.loginRequired));
    const form = await formOf(request);
    const type = (form.content_type ?? '').trim();
    if (!isContentType(type)) return response(400).json(bad(`content_type must be one of ${CONTENT_TYPES.join(', ')}`, 'content_type'));
    const contentId = (form.content_id ?? '').trim();
    if (!contentId) return response(400).json(bad('content_id is required', 'content_id'));
    const rawReason = (form.reason ?? '').trim();
    if (!rawReason) return response(400).json(bad(REPORT_MESSAGES.reasonRequired, 'reason'));
    if (!REASONS.includes(rawReason)) return response(400).json(bad(`reason must be one of ${REASONS.join(', ')}`, 'reason'));
    const reason = rawReason as MockReason;
    const description = (form.description ?? '').trim();
    if (description.length > 1000) return response(400).json(bad('Description must be at most 1000 characters', 'description'));
    let timestamp: number | null = null;
    const rawTime = (form.timestamp_seconds ?? '').trim();
    if (rawTime) {
      if (!TIMED_CONTENT.includes(type)) return response(400).json(bad('Only videos, shorts and movies take a timestamp', 'timestamp_seconds'));
      if (!/^\d{1,7}$/.test(rawTime)) return response(400).json(bad('timestamp_seconds must be a whole number of seconds, 0 or more', 'timestamp_seconds'));
      timestamp = Number(rawTime);
    }
    const target = findTarget(type, contentId, me.user.id);
    if (!target) return response(404).json(notFound('Content not found'));
    if (timestamp !== null && target.durationSeconds !== null && timestamp > Math.ceil(target.durationSeconds)) {
      return response(400).json(bad('The timestamp is past the end of the media', 'timestamp_seconds'));
    }
    if (target.snapshot.ownerUserId === me.user.id) return response(400).json(bad('You cannot report your own content', undefined, 'MODERATION.OWN_CONTENT'));
    const mine = moderationDb.reports.filter((r) => r.reporterUserId === me.user.id);
    if (mine.some((r) => r.contentType === type && r.contentId === contentId)) {
      return response(400).json(bad(REPORT_MESSAGES.alreadyReported, undefined, 'MODERATION.ALREADY_REPORTED'));
    }
    if (mine.filter((r) => Date.now() - new Date(r.createdAt).getTime() < HOUR_MS).length >= MOCK_MODERATION_RULES.reportsPerHour) {
      return response(429).json(errorBody(429, 'MODERATION.TOO_MANY_REPORTS', 'You can report at most 20 items an hour. Try again later.'));
    }
    const now = new Date().toISOString();
    let item = moderationDb.cases.find((c) => c.status === 'open' && c.contentType === type && c.contentId === contentId);
    if (item) item.lastReportedAt = now;
    else {
      item = {
        id: moderationId('case'),
        contentType: type,
        contentId,
        status: 'open',
        firstReportedAt: now,
        lastReportedAt: now,
        snapshot: target.snapshot,
        resolution: null,
        resolutionReason: null,
        resolvedAt: null,
        resolvedBy: null,
      };
      moderationDb.cases.push(item);
    }
    const report = {
      id: moderationId('report'),
      caseId: item.id,
      reporterUserId: me.user.id,
      reporterName: usernameOf(me.user.id) ?? me.user.display_name,
      contentType: type,
      contentId,
      reason,
      description: description || null,
      timestampSeconds: timestamp,
      status: 'open' as const,
      createdAt: now,
    };
    moderationDb.reports.push(report);
    const body: ReportDto = {
      id: report.id,
      content_type: type,
      content_id: contentId,
      reason,
      description: report.description,
      timestamp_seconds: timestamp,
      status: 'open',
      created_at: now,
    };
    return response(201).json(body);
  }),

  http.get('/api/moderation/strikes', ({ request, response }) => {
    const me = caller(request);
    if (!me) return response(401).json(sessionInvalid());
    const strikes = moderationDb.strikes
      .filter((s) => s.userId === me.user.id)
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
      .map((s) => strikeDto(s));
    return response(200).json({ strikes });
  }),

  http.post('/api/moderation/strikes/{id}/appeal', async ({ request, params, response }) => {
    const me = caller(request);
    if (!me) return response(401).json(sessionInvalid());
    const strike = moderationDb.strikes.find((s) => s.id === params.id && s.userId === me.user.id);
    if (!strike) return response(404).json(notFound('Strike not found'));
    let body: { message?: unknown } = {};
    try {
      body = (await request.json()) as { message?: unknown };
    } catch {
      body = {};
    }
    const message = typeof body?.message === 'string' ? body.message.trim() : '';
    if (!message) return response(400).json(bad('Please explain why the strike should be removed', 'message'));
    if (message.length > 2000) return response(400).json(bad('An appeal has at most 2000 characters', 'message'));
    if (strike.appeal) return response(409).json(conflict('MODERATION.ALREADY_APPEALED', 'This strike has already been appealed'));
    if (strikeStatus(strike) !== 'active') return response(409).json(conflict('MODERATION.STRIKE_INACTIVE', 'This strike is no longer active'));
    if (Date.now() >= new Date(appealDeadline(strike)).getTime()) {
      return response(409).json(conflict('MODERATION.APPEAL_CLOSED', 'The appeal window for this strike has closed'));
    }
    strike.appeal = { message, status: 'pending', createdAt: new Date().toISOString(), decidedAt: null, decisionReason: null };
    return response(200).json(strikeDto(strike));
  }),

  http.get('/api/admin/moderation/cases', ({ request, response }) => {
    if (!adminOf(request)) return response.untyped(refused(request));
    const url = new URL(request.url);
    const status = url.searchParams.get('status') === 'resolved' ? 'resolved' : 'open';
    const count = (c: MockCase) => moderationDb.reports.filter((r) => r.caseId === c.id).length;
    const cases = moderationDb.cases
      .filter((c) => c.status === status)
      .sort((a, b) =>
        status === 'open'
          ? count(b) - count(a) || a.firstReportedAt.localeCompare(b.firstReportedAt) || a.id.localeCompare(b.id)
          : (b.resolvedAt ?? '').localeCompare(a.resolvedAt ?? ''),
      );
    const { items, next } = pageOf(cases, url);
    return response(200).json({ cases: items.map(caseDto), next_cursor: next });
  }),

  http.post('/api/admin/moderation/cases/{id}/decision', async ({ request, params, response }) => {
    const admin = adminOf(request);
    if (!admin) return response.untyped(refused(request));
    let body: { action?: unknown; reason?: unknown } = {};
    try {
      body = (await request.json()) as { action?: unknown; reason?: unknown };
    } catch {
      body = {};
    }
    const action = body?.action;
    if (typeof action !== 'string' || !(CASE_ACTIONS as readonly string[]).includes(action)) {
      return response(400).json(bad(`action must be one of ${CASE_ACTIONS.join(', ')}`, 'action'));
    }
    const reason = decisionReason(body.reason);
    if (typeof reason !== 'string') return response(400).json(reason);
    const item = moderationDb.cases.find((c) => c.id === params.id);
    if (!item) return response(404).json(notFound('Case not found'));
    if (item.status !== 'open') return response(409).json(conflict('MODERATION.CASE_DECIDED', 'This case has already been decided'));
    const decision = action as CaseAction;
    const removes = decision === 'remove' || decision === 'remove_and_strike';
    const strikes = decision === 'strike' || decision === 'remove_and_strike';
    if (removes && item.contentType === 'user') {
      return response(400).json(bad('A profile cannot be removed: strike its owner or dismiss the reports', undefined, 'MODERATION.PROFILE_NOT_REMOVABLE'));
    }
    const owner = item.snapshot.ownerUserId && mockDb.users.has(item.snapshot.ownerUserId) ? item.snapshot.ownerUserId : null;
    if (strikes && !owner) return response(400).json(bad('This content has no owner to strike', undefined, 'MODERATION.NO_OWNER'));

    const now = new Date().toISOString();
    const title = item.contentType === 'comment' ? item.snapshot.text : item.contentType === 'user' ? item.snapshot.channelName : item.snapshot.title;
    if (removes) {
      removeContent(item);
      if (owner) notify(owner, drafts.contentRemoved(item.contentType, item.contentId, reason, title));
    }
    let strike: MockStrike | null = null;
    if (strikes && owner) {
      strike = {
        id: moderationId('strike'),
        userId: owner,
        caseId: item.id,
        reason,
        contentType: item.contentType,
        contentId: item.contentId,
        contentTitle: title,
        removedWith: removes,
        createdAt: now,
        overturned: false,
        appeal: null,
      };
      moderationDb.strikes.push(strike);
      notify(owner, drafts.strike(strike.id, reason, appealDeadline(strike)));
    }
    Object.assign(item, { status: 'resolved', resolution: RESOLUTIONS[decision], resolutionReason: reason, resolvedAt: now, resolvedBy: admin });
    for (const report of moderationDb.reports) {
      if (report.caseId !== item.id || report.status !== 'open') continue;
      report.status = 'resolved';
      if (mockDb.users.has(report.reporterUserId)) notify(report.reporterUserId, drafts.reportResolved(report.id, OUTCOMES[decision]));
    }
    audit(admin, decision, {
      contentType: item.contentType,
      contentId: item.contentId,
      targetUserId: item.snapshot.ownerUserId,
      caseId: item.id,
      strikeId: strike?.id ?? null,
      reason,
    });
    return response(200).json(caseDto(item));
  }),

  http.get('/api/admin/moderation/appeals', ({ request, response }) => {
    if (!adminOf(request)) return response.untyped(refused(request));
    const strikes = moderationDb.strikes
      .filter((s) => s.appeal?.status === 'pending')
      .sort((a, b) => (a.appeal?.createdAt ?? '').localeCompare(b.appeal?.createdAt ?? ''))
      .map(adminStrikeDto);
    return response(200).json({ strikes });
  }),

  http.post('/api/admin/moderation/strikes/{id}/appeal-decision', async ({ request, params, response }) => {
    const admin = adminOf(request);
    if (!admin) return response.untyped(refused(request));
    let body: { decision?: unknown; reason?: unknown } = {};
    try {
      body = (await request.json()) as { decision?: unknown; reason?: unknown };
    } catch {
      body = {};
    }
    if (body?.decision !== 'uphold' && body?.decision !== 'overturn') return response(400).json(bad('decision must be uphold or overturn', 'decision'));
    const reason = decisionReason(body.reason);
    if (typeof reason !== 'string') return response(400).json(reason);
    const strike = moderationDb.strikes.find((s) => s.id === params.id);
    if (!strike) return response(404).json(notFound('Strike not found'));
    if (!strike.appeal) return response(409).json(conflict('MODERATION.NO_APPEAL', 'This strike has no pending appeal'));
    if (strike.appeal.status !== 'pending') return response(409).json(conflict('MODERATION.APPEAL_DECIDED', 'This appeal has already been decided'));
    const overturn = body.decision === 'overturn';
    strike.appeal.status = overturn ? 'overturned' : 'upheld';
    strike.appeal.decidedAt = new Date().toISOString();
    strike.appeal.decisionReason = reason;
    if (overturn) {
      strike.overturned = true;
      if (strike.removedWith) restoreContent(strike);
    }
    notify(strike.userId, drafts.appealDecided(strike.id, overturn ? 'overturned' : 'upheld', reason));
    audit(admin, overturn ? 'overturn_appeal' : 'uphold_appeal', {
      contentType: strike.contentType,
      contentId: strike.contentId,
      targetUserId: strike.userId,
      caseId: strike.caseId,
      strikeId: strike.id,
      reason,
    });
    return response(200).json(adminStrikeDto(strike));
  }),

  http.get('/api/admin/moderation/audit', ({ request, response }) => {
    if (!adminOf(request)) return response.untyped(refused(request));
    const entries = [...moderationDb.audit].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    const { items, next } = pageOf(entries, new URL(request.url));
    return response(200).json({ entries: items.map(auditDto), next_cursor: next });
  }),
];

