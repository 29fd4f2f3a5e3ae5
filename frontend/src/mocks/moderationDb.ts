import { commentsDb } from './commentsDb';
import { DEMO_CLIPS, demoArt, mediaDb, mediaId, type MockMovie, type MockReel, type MockVideo } from './mediaDb';

export type MockContentType = 'video' | 'reel' | 'movie' | 'comment' | 'user' | 'live_stream' | 'live_chat_message' | 'community_post' | 'track' | 'episode';
export type MockReason = 'sexual_content' | 'nudity' | 'inappropriate' | 'spam' | 'violence' | 'harassment' | 'other';
export type MockResolution = 'dismissed' | 'removed' | 'struck' | 'removed_and_struck';
export type MockAuditAction = 'dismiss' | 'remove' | 'strike' | 'remove_and_strike' | 'uphold_appeal' | 'overturn_appeal';

/** One person's report of one item. */
export interface MockReport {
  id: string;
  caseId: string;
  /** A user of the mock data, or someone outside it (then only `reporterName` is known). */
  reporterUserId: string;
  reporterName: string;
  contentType: MockContentType;
  contentId: string;
  reason: MockReason;
  description: string | null;
  timestampSeconds: number | null;
  status: 'open' | 'resolved';
  createdAt: string;
}

/** The content as it was at its first report (the queue shows this, whatever changed since). */
export interface MockSnapshot {
  ownerUserId: string | null;
  title: string | null;
  description: string | null;
  text: string | null;
  channelName: string | null;
  handle: string | null;
  thumbnailUrl: string | null;
  mediaKind: string | null;
  mediaId: string | null;
}

/** The reports of one item, grouped; one open case per item. */
export interface MockCase {
  id: string;
  contentType: MockContentType;
  contentId: string;
  status: 'open' | 'resolved';
  firstReportedAt: string;
  lastReportedAt: string;
  snapshot: MockSnapshot;
  resolution: MockResolution | null;
  resolutionReason: string | null;
  resolvedAt: string | null;
  resolvedBy: string | null;
}

export interface MockAppeal {
  message: string;
  status: 'pending' | 'upheld' | 'overturned';
  createdAt: string;
  decidedAt: string | null;
  decisionReason: string | null;
}

export interface MockStrike {
  id: string;
  userId: string;
  caseId: string;
  reason: string;
  contentType: MockContentType;
  contentId: string;
  contentTitle: string | null;
  /** The content was taken down with this strike (restored if the appeal overturns it). */
  removedWith: boolean;
  createdAt: string;
  overturned: boolean;
  appeal: MockAppeal | null;
}

export interface MockAuditEntry {
  id: string;
  adminUsername: string;
  action: MockAuditAction;
  contentType: MockContentType;
  contentId: string;
  targetUserId: string | null;
  caseId: string | null;
  strikeId: string | null;
  reason: string;
  createdAt: string;
}

/** Media taken down by moderation: out of every list, kept here so an overturned strike can bring it back. */
export type MockRemovedMedia =
  | { kind: 'video'; item: MockVideo }
  | { kind: 'reel'; item: MockReel }
  | { kind: 'movie'; item: MockMovie }
  /** A track or an episode: out of its feature's list, with how to put it back. */
  | { kind: 'audio'; item: { id: string }; restore: () => void };

/** Moderation's constants (the server's). */
export const MOCK_MODERATION_RULES = {
  reportsPerHour: 20,
  strikeDays: 90,
  appealDays: 20,
  reportsShown: 50,
} as const;

const DAY_MS = 86_400_000;

/** The in-memory reports, cases, strikes, appeals and audit log behind the mock API (QA mode and tests). */
export const moderationDb = {
  reports: [] as MockReport[],
  cases: [] as MockCase[],
  strikes: [] as MockStrike[],
  audit: [] as MockAuditEntry[],
  removed: [] as MockRemovedMedia[],
};

let sequence = 0;
export function moderationId(prefix: string): string {
  sequence += 1;
  return `${prefix}-${sequence}-${Math.random().toString(36).slice(2, 10)}`;
}

export const strikeExpiresAt = (s: MockStrike) => new Date(new Date(s.createdAt).getTime() + MOCK_MODERATION_RULES.strikeDays * DAY_MS).toISOString();
export const appealDeadline = (s: MockStrike) => new Date(new Date(s.createdAt).getTime() + MOCK_MODERATION_RULES.appealDays * DAY_MS).toISOString();

/** active (in force now), expired (90 days passed) or overturned (on appeal). */
export function strikeStatus(strike: MockStrike, now = Date.now()): 'active' | 'expired' | 'overturned' {
  if (strike.overturned) return 'overturned';
  return now < new Date(strikeExpiresAt(strike)).getTime() ? 'active' : 'expired';
}

/** The strike in force on `userId` that ends last, if any (the partner program and payouts read it). */
export function activeStrikeOf(userId: string, now = Date.now()): MockStrike | null {
  const active = moderationDb.strikes
    .filter((s) => s.userId === userId && strikeStatus(s, now) === 'active')
    .sort((a, b) => strikeExpiresAt(b).localeCompare(strikeExpiresAt(a)));
  return active[0] ?? null;
}

/** A channel of the demo data, as the queue's snapshots name it. */
export interface ModerationPerson {
  userId: string;
  accountId: string;
  name: string;
  handle: string;
  bio: string | null;
}

const ago = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString();

interface DemoReport {
  by: { userId: string; name: string };
  reason: MockReason;
  description?: string;
  at?: number;
  daysAgo: number;
}

/** Opens a case on an item with its reports (the demo data: as if people had reported it). */
function addDemoCase(contentType: MockContentType, contentId: string, snapshot: MockSnapshot, reports: DemoReport[]): MockCase {
  const times = reports.map((r) => ago(r.daysAgo)).sort();
  const item: MockCase = {
    id: moderationId('case'),
    contentType,
    contentId,
    status: 'open',
    firstReportedAt: times[0],
    lastReportedAt: times[times.length - 1],
    snapshot,
    resolution: null,
    resolutionReason: null,
    resolvedAt: null,
    resolvedBy: null,
  };
  moderationDb.cases.push(item);
  for (const r of reports) {
    moderationDb.reports.push({
      id: moderationId('report'),
      caseId: item.id,
      reporterUserId: r.by.userId,
      reporterName: r.by.name,
      contentType,
      contentId,
      reason: r.reason,
      description: r.description ?? null,
      timestampSeconds: r.at ?? null,
      status: 'open',
      createdAt: ago(r.daysAgo),
    });
  }
  return item;
}

const outsider = (name: string) => ({ userId: `outsider-${name}`, name });

/**
 * The demo moderation: four open cases (mira's timelapse reported three times, ada's loom video, mira's comment on
 * ada's video, mira's channel), and an earlier decision: mira's fireworks video removed with a strike she has appealed.
 */
export function resetModerationDb(people: { ada: ModerationPerson; mira: ModerationPerson } | null): void {
  moderationDb.reports = [];
  moderationDb.cases = [];
  moderationDb.strikes = [];
  moderationDb.audit = [];
  moderationDb.removed = [];
  if (!people) return;
  const { ada, mira } = people;
  const media = (video: MockVideo | undefined, owner: ModerationPerson): MockSnapshot | null =>
    video
      ? {
          ownerUserId: owner.userId,
          title: video.title,
          description: video.description,
          text: null,
          channelName: owner.name,
          handle: owner.handle,
          thumbnailUrl: video.thumbnail_url,
          mediaKind: 'video',
          mediaId: video.id,
        }
      : null;

  const timelapse = mediaDb.videos.find((v) => v.title === 'City lights timelapse');
  const timelapseSnapshot = media(timelapse, mira);
  if (timelapse && timelapseSnapshot) {
    addDemoCase('video', timelapse.id, timelapseSnapshot, [
      { by: outsider('sam_sails'), reason: 'spam', description: 'The same clip is posted every day with a new title.', daysAgo: 2 },
      { by: outsider('early_bird'), reason: 'inappropriate', description: 'Flashing lights with no warning.', at: 2, daysAgo: 1.5 },
      { by: outsider('charles_b'), reason: 'spam', daysAgo: 0.5 },
    ]);
  }
  const loom = mediaDb.videos.find((v) => v.title === 'Loom patterns, explained');
  const loomSnapshot = media(loom, ada);
  if (loom && loomSnapshot) {
    addDemoCase('video', loom.id, loomSnapshot, [
      { by: { userId: mira.userId, name: mira.name }, reason: 'other', description: 'The patterns are copied from my channel without credit.', at: 1, daysAgo: 1 },
    ]);
  }
  const comment = commentsDb.comments.find((c) => c.userId === mira.userId && c.content.startsWith('Clearest explanation'));
  const engine = comment ? mediaDb.videos.find((v) => v.id === comment.mediaId) : undefined;
  if (comment && engine) {
    addDemoCase(
      'comment',
      comment.id,
      {
        ownerUserId: mira.userId,
        title: engine.title,
        description: null,
        text: comment.content,
        channelName: mira.name,
        handle: mira.handle,
        thumbnailUrl: null,
        mediaKind: 'video',
        mediaId: engine.id,
      },
      [{ by: outsider('charles_b'), reason: 'harassment', description: 'She posts this under every video to advertise her channel.', daysAgo: 0.8 }],
    );
  }
  addDemoCase(
    'user',
    mira.accountId,
    {
      ownerUserId: mira.userId,
      title: null,
      description: mira.bio,
      text: null,
      channelName: mira.name,
      handle: mira.handle,
      thumbnailUrl: null,
      mediaKind: null,
      mediaId: null,
    },
    [{ by: outsider('sam_sails'), reason: 'other', description: 'Pretends to be the harbour authority.', daysAgo: 0.3 }],
  );

  // An earlier decision: mira's fireworks video removed with a strike, which she has appealed.
  const fireworks: MockVideo = {
    id: mediaId('video'),
    userId: mira.userId,
    accountId: mira.accountId,
    created_at: ago(14),
    title: 'Fireworks over the bay',
    description: 'New year from the pier.',
    is_vertical: false,
    monetization_enabled: false,
    views: 2210,
    baseLikes: 130,
    likedBy: [],
    ad_revenue: 0,
    status: 'ready',
    failure_reason: null,
    pending: null,
    duration_seconds: 4,
    width: 320,
    height: 180,
    thumbnail_url: demoArt('Fireworks over the bay', 280, 'wide'),
    stream_url: DEMO_CLIPS.horizontal,
    hls_url: null,
  };
  moderationDb.removed.push({ kind: 'video', item: fireworks });
  const decided = addDemoCase('video', fireworks.id, { ...(media(fireworks, mira) as MockSnapshot) }, [
    { by: outsider('early_bird'), reason: 'violence', description: 'Someone gets hurt at the end.', at: 3, daysAgo: 12 },
    { by: outsider('sam_sails'), reason: 'violence', daysAgo: 11 },
  ]);
  const decidedAt = ago(10);
  const reason = 'Shows a person being injured by a firework (violent content).';
  Object.assign(decided, { status: 'resolved', resolution: 'removed_and_struck', resolutionReason: reason, resolvedAt: decidedAt, resolvedBy: 'admin' });
  for (const report of moderationDb.reports) if (report.caseId === decided.id) report.status = 'resolved';
  const strike: MockStrike = {
    id: moderationId('strike'),
    userId: mira.userId,
    caseId: decided.id,
    reason,
    contentType: 'video',
    contentId: fireworks.id,
    contentTitle: fireworks.title,
    removedWith: true,
    createdAt: decidedAt,
    overturned: false,
    appeal: {
      message: 'Nobody was hurt: the man at the end is a performer, and the display was licensed by the city.',
      status: 'pending',
      createdAt: ago(8),
      decidedAt: null,
      decisionReason: null,
    },
  };
  moderationDb.strikes.push(strike);
  moderationDb.audit.push({
    id: moderationId('audit'),
    adminUsername: 'admin',
    action: 'remove_and_strike',
    contentType: 'video',
    contentId: fireworks.id,
    targetUserId: mira.userId,
    caseId: decided.id,
    strikeId: strike.id,
    reason,
    createdAt: decidedAt,
  });
}

export function snapshotModerationDb() {
  const { reports, cases, strikes, audit, removed } = moderationDb;
  return { reports, cases, strikes, audit, removed };
}

export function restoreModerationDb(data: ReturnType<typeof snapshotModerationDb> | undefined): void {
  // A snapshot from before moderation has none of it.
  moderationDb.reports = data?.reports ?? [];
  moderationDb.cases = data?.cases ?? [];
  moderationDb.strikes = data?.strikes ?? [];
  moderationDb.audit = data?.audit ?? [];
  moderationDb.removed = data?.removed ?? [];
}
