import { mockDb } from '../../mocks/db';
import { liveDb, liveId, type MockLiveStream } from '../../mocks/liveDb';
import { gamesDb, gamesId, type MockGame, type MockGameScore } from '../../mocks/gamesDb';
import { errorBody, http } from '../../mocks/http';
import { caller, sessionInvalid } from '../../mocks/mediaHelpers';
import { liveStreamDto } from '../live/mocks';
import { tournamentsDb } from './tournaments/mocks';
import type { Game, GameLeaderboard, GamingLeaderboards, GamingStream, LeaderboardPeriod, TournamentChampion } from './types';

const invalid = (field: string, message: string) => errorBody(400, 'VALIDATION_FAILED', message, [{ field, message }]);
const gameNotFound = () => errorBody(404, 'GAMING.GAME_NOT_FOUND', 'Game not found');
const usernameOf = (userId: string) => mockDb.users.get(userId)?.user.display_name ?? 'someone';

/** Seconds after ends_at a score is still taken (CONTRACT: 2 minutes). */
const SCORE_GRACE_MS = 120_000;
/** A score is taken from 1 s before ends_at. */
const EARLY_MS = 1_000;

async function formBody(request: Request): Promise<Record<string, unknown>> {
  const type = request.headers.get('content-type') ?? '';
  if (type.includes('application/json')) return ((await request.json().catch(() => ({}))) ?? {}) as Record<string, unknown>;
  try {
    const form = await request.formData();
    return Object.fromEntries([...form.entries()].map(([k, v]) => [k, typeof v === 'string' ? v : '']));
  } catch {
    return {};
  }
}

export function gamingStreamDto(s: MockLiveStream, viewerId?: string): GamingStream {
  const dto = liveStreamDto(s, viewerId);
  return { ...dto, streamer_name: dto.username, viewers: dto.viewer_count };
}

/** The start of `period` (UTC day, ISO week from Monday 00:00 UTC), or null for all time. */
export function periodStart(period: LeaderboardPeriod, now: Date = new Date()): number | null {
  if (period === 'all') return null;
  const day = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  if (period === 'today') return day;
  const weekday = (now.getUTCDay() + 6) % 7;
  return day - weekday * 86_400_000;
}

/** Each player's best in the period, best first (earlier first on a tie), with ranks that ties share (1, 1, 3). */
export function rankedBests(gameId: string, period: LeaderboardPeriod): Array<MockGameScore & { rank: number }> {
  const from = periodStart(period);
  const best = new Map<string, MockGameScore>();
  for (const s of gamesDb.scores) {
    if (s.gameId !== gameId || (from !== null && Date.parse(s.achieved_at) < from)) continue;
    const known = best.get(s.userId);
    if (!known || s.score > known.score || (s.score === known.score && s.achieved_at < known.achieved_at)) best.set(s.userId, s);
  }
  const sorted = [...best.values()].sort((a, b) => b.score - a.score || a.achieved_at.localeCompare(b.achieved_at));
  return sorted.map((s) => ({ ...s, rank: sorted.filter((o) => o.score > s.score).length + 1 }));
}

function rankOf(gameId: string, period: LeaderboardPeriod, userId: string): number {
  return rankedBests(gameId, period).find((s) => s.userId === userId)?.rank ?? 0;
}

export function gameDto(g: MockGame, viewerId?: string): Game {
  const ratings = gamesDb.ratings.filter((r) => r.gameId === g.id);
  const mine = viewerId ? gamesDb.scores.filter((s) => s.gameId === g.id && s.userId === viewerId) : [];
  return {
    ...g,
    players: new Set(gamesDb.scores.filter((s) => s.gameId === g.id).map((s) => s.userId)).size,
    rating: ratings.length ? Math.round((ratings.reduce((sum, r) => sum + r.rating, 0) / ratings.length) * 10) / 10 : null,
    rating_count: ratings.length,
    plays: gamesDb.sessions.filter((s) => s.gameId === g.id).length,
    my_rating: (viewerId && gamesDb.ratings.find((r) => r.gameId === g.id && r.userId === viewerId)?.rating) || null,
    my_best: mine.length ? Math.max(...mine.map((s) => s.score)) : null,
  };
}

/** Tournament Champions: the winners of completed tournaments, most won first; winnings = their declared prize pools. */
function champions(): TournamentChampion[] {
  const byUser = new Map<string, { username: string; won: number; cents: number }>();
  for (const t of tournamentsDb()) {
    if (t.status !== 'completed' || !t.championId) continue;
    const username = t.participants.find((p) => p.userId === t.championId)?.username ?? usernameOf(t.championId);
    const row = byUser.get(t.championId) ?? { username, won: 0, cents: 0 };
    row.won += 1;
    row.cents += Math.round(Number.parseFloat(t.prize_pool) * 100);
    byUser.set(t.championId, row);
  }
  return [...byUser.entries()]
    .map(([userId, row]) => ({ user_id: userId, username: row.username, tournaments_won: row.won, total_winnings: (row.cents / 100).toFixed(2) }))
    .sort((a, b) => b.tournaments_won - a.tournaments_won || Number(b.total_winnings) - Number(a.total_winnings))
    .slice(0, 10);
}

function topStreamers(): GamingLeaderboards['top_streamers'] {
  const byUser = new Map<string, { total_viewers: number; stream_count: number; donations: number }>();
  for (const s of liveDb.streams) {
    if (!s.game) continue;
    const row = byUser.get(s.userId) ?? { total_viewers: 0, stream_count: 0, donations: 0 };
    row.total_viewers += s.baseViewers;
    row.stream_count += 1;
    row.donations += liveDb.superChats.filter((c) => c.streamId === s.id && c.paid).reduce((sum, c) => sum + c.amount, 0);
    byUser.set(s.userId, row);
  }
  return [...byUser.entries()]
    .map(([userId, row]) => ({
      _id: userId,
      username: usernameOf(userId),
      total_viewers: row.total_viewers,
      stream_count: row.stream_count,
      total_donations: row.donations.toFixed(2),
    }))
    .sort((a, b) => b.total_viewers - a.total_viewers)
    .slice(0, 10);
}

/** The server's answers for the gaming section's streams, games and leaderboards (CONTRACT). */
export const gamingHandlers = [
  http.get('/api/gaming/streams', ({ request, response }) => {
    const me = caller(request)?.user.id;
    const only = new URL(request.url).searchParams.get('user_id');
    const list = liveDb.streams
      .filter((s) => s.game && s.status !== 'ended' && (!only || s.userId === only))
      .map((s) => gamingStreamDto(s, me))
      .sort((a, b) => b.viewer_count - a.viewer_count || b.created_at.localeCompare(a.created_at));
    return response(200).json(list);
  }),

  http.post('/api/gaming/start-stream', async ({ request, response }) => {
    const me = caller(request);
    if (!me) return response(401).json(sessionInvalid());
    const body = await formBody(request);
    const title = typeof body.title === 'string' ? body.title.trim() : '';
    const game = typeof body.game === 'string' ? body.game.trim() : '';
    if (!title) return response(400).json(invalid('title', 'Please enter a title'));
    if (!game) return response(400).json(invalid('game', 'Please enter a game'));
    if (title.length > 100) return response(400).json(invalid('title', 'Title must be at most 100 characters'));
    if (game.length > 100) return response(400).json(invalid('game', 'Game must be at most 100 characters'));
    if (liveDb.streams.some((s) => s.userId === me.user.id && s.status !== 'ended')) {
      return response(409).json(errorBody(409, 'LIVE.ALREADY_LIVE', 'You already have a live stream: end it before starting another'));
    }
    const s: MockLiveStream = {
      id: liveId('live'),
      userId: me.user.id,
      title,
      description: typeof body.description === 'string' ? body.description.trim() : '',
      is_vertical: false,
      super_chat_enabled: false,
      record: true,
      status: 'created',
      likedBy: [],
      slow_mode_seconds: 0,
      created_at: new Date().toISOString(),
      live_at: null,
      ended_at: null,
      recording_video_id: null,
      game,
      baseViewers: 0,
    };
    liveDb.streams.push(s);
    return response(201).json(gamingStreamDto(s, me.user.id));
  }),

  http.get('/api/gaming/games', ({ request, response }) => {
    const me = caller(request)?.user.id;
    const list = gamesDb.games.map((g) => gameDto(g, me)).sort((a, b) => b.plays - a.plays || a.name.localeCompare(b.name));
    return response(200).json(list);
  }),

  http.get('/api/gaming/game/{id}', ({ request, params, response }) => {
    const g = gamesDb.games.find((x) => x.id === params.id);
    if (!g) return response(404).json(gameNotFound());
    return response(200).json(gameDto(g, caller(request)?.user.id));
  }),

  http.post('/api/gaming/game/{id}/play', ({ request, params, response }) => {
    const me = caller(request);
    if (!me) return response(401).json(sessionInvalid());
    const g = gamesDb.games.find((x) => x.id === params.id);
    if (!g) return response(404).json(gameNotFound());
    const now = Date.now();
    const session = {
      id: gamesId('gs'),
      gameId: g.id,
      userId: me.user.id,
      started_at: new Date(now).toISOString(),
      ends_at: new Date(now + g.duration_seconds * 1000).toISOString(),
      scored: false,
    };
    gamesDb.sessions.push(session);
    return response(201).json({
      session_id: session.id,
      game_id: g.id,
      started_at: session.started_at,
      ends_at: session.ends_at,
      duration_seconds: g.duration_seconds,
      max_points_per_second: g.max_points_per_second,
    });
  }),

  http.post('/api/gaming/game/{id}/score', async ({ request, params, response }) => {
    const me = caller(request);
    if (!me) return response(401).json(sessionInvalid());
    const g = gamesDb.games.find((x) => x.id === params.id);
    if (!g) return response(404).json(gameNotFound());
    const body = (await request.json().catch(() => ({}))) as { session_id?: unknown; score?: unknown };
    const score = body.score;
    if (typeof score !== 'number' || !Number.isInteger(score) || score < 0) return response(400).json(invalid('score', 'score must be an integer of 0 or more'));
    const session = gamesDb.sessions.find((s) => s.id === body.session_id && s.userId === me.user.id && s.gameId === g.id);
    if (!session) return response(404).json(errorBody(404, 'GAMING.SESSION_NOT_FOUND', 'Game session not found'));
    if (session.scored) return response(409).json(errorBody(409, 'GAMING.SESSION_USED', 'This game session already has a score'));
    const now = Date.now();
    const endsAt = Date.parse(session.ends_at);
    if (now < endsAt - EARLY_MS) return response(409).json(errorBody(409, 'GAMING.GAME_RUNNING', 'The game is still running'));
    if (now > endsAt + SCORE_GRACE_MS) return response(410).json(errorBody(410, 'GAMING.SESSION_EXPIRED', 'This game session has expired'));
    const max = g.max_points_per_second * g.duration_seconds;
    if (score > max) {
      return response(400).json(errorBody(400, 'GAMING.IMPLAUSIBLE_SCORE', `Score is not plausible: at most ${max} points in ${g.duration_seconds} seconds`));
    }
    const previous = gamesDb.scores.filter((s) => s.gameId === g.id && s.userId === me.user.id).map((s) => s.score);
    const before = previous.length ? Math.max(...previous) : null;
    session.scored = true;
    gamesDb.scores.push({ gameId: g.id, userId: me.user.id, score, achieved_at: new Date(now).toISOString() });
    return response(201).json({
      score,
      best_score: Math.max(score, before ?? 0),
      personal_best: before === null || score > before,
      rank_today: rankOf(g.id, 'today', me.user.id),
      rank_week: rankOf(g.id, 'week', me.user.id),
      rank_all_time: rankOf(g.id, 'all', me.user.id),
    });
  }),

  http.post('/api/gaming/game/{id}/rate', async ({ request, params, response }) => {
    const me = caller(request);
    if (!me) return response(401).json(sessionInvalid());
    const g = gamesDb.games.find((x) => x.id === params.id);
    if (!g) return response(404).json(gameNotFound());
    const body = (await request.json().catch(() => ({}))) as { rating?: unknown };
    const rating = body.rating;
    if (typeof rating !== 'number' || !Number.isInteger(rating) || rating < 1 || rating > 5) {
      return response(400).json(invalid('rating', 'rating must be a whole number from 1 to 5'));
    }
    if (!gamesDb.sessions.some((s) => s.gameId === g.id && s.userId === me.user.id)) {
      return response(403).json(errorBody(403, 'GAMING.PLAY_FIRST', 'Play the game before rating it'));
    }
    gamesDb.ratings = gamesDb.ratings.filter((r) => !(r.gameId === g.id && r.userId === me.user.id));
    gamesDb.ratings.push({ gameId: g.id, userId: me.user.id, rating });
    return response(200).json(gameDto(g, me.user.id));
  }),

  http.get('/api/gaming/game/{id}/leaderboard', ({ request, params, response }) => {
    const g = gamesDb.games.find((x) => x.id === params.id);
    if (!g) return response(404).json(gameNotFound());
    const raw = new URL(request.url).searchParams.get('period') ?? 'all';
    if (raw !== 'today' && raw !== 'week' && raw !== 'all') return response(400).json(invalid('period', 'period must be one of today, week, all'));
    const period: LeaderboardPeriod = raw;
    const ranked = rankedBests(g.id, period);
    const me = caller(request)?.user.id;
    const mine = me ? ranked.find((s) => s.userId === me) : undefined;
    const board: GameLeaderboard = {
      game_id: g.id,
      period,
      entries: ranked.slice(0, 10).map((s) => ({ rank: s.rank, user_id: s.userId, username: usernameOf(s.userId), score: s.score, achieved_at: s.achieved_at })),
      me: mine ? { rank: mine.rank, score: mine.score } : null,
    };
    return response(200).json(board);
  }),

  http.get('/api/gaming/leaderboards', ({ response }) => {
    const body: GamingLeaderboards = { top_streamers: topStreamers(), top_tournament_winners: champions() };
    return response(200).json(body);
  }),
];
