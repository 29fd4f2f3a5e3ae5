import type { AuthzWorld, Who } from './authz-matrix.fixtures.js';
import type { AuthzCase } from './authz-matrix.table.js';
import { anyone, found, lookUp, users } from './authz-matrix.shapes.js';

/**
 * The authorization matrix's rows for the gaming hub's browser games (see authz-matrix.table.ts). Every signed-in
 * user starts a play of Target Rush; the leaderboard row starts looking up the owner's session, which the score row
 * sends: the owner's own is still running (409: the matrix does not wait 30 s), everyone else's is not found (404).
 */

const TARGET_RUSH = '6a3c1f0e-5b1d-4e7a-9c01-0a0000000001';
const game = () => ({ id: TARGET_RUSH });
const ownersSession = (w: AuthzWorld) =>
  lookUp('gameSession', async () => (await w.t.sql<{ id: string }>('select id from game_sessions where user_id = $1 and game_id = $2 order by started_at desc limit 1', [w.owner.id, TARGET_RUSH]))[0]?.id);

const ownersOnly = (owner: number): Record<Who, number> => ({ visitor: 401, owner, other: 404, admin: 401, adminUser: 404, founder: 401 });

export const GAMING_GAMES_ROWS: Record<string, AuthzCase | AuthzCase[]> = {
  listGames: { request: () => ({}), expect: anyone(200) },
  getGame: { what: 'a built-in game', request: () => ({ params: game() }), expect: anyone(200) },
  playGame: { what: 'each signed-in user starts a play of a built-in game', request: () => ({ params: game() }), expect: users(201) },
  getGameLeaderboard: {
    what: "a built-in game's all-time board",
    request: (w) => {
      ownersSession(w);
      return { params: game(), query: { period: 'all' } };
    },
    expect: anyone(200),
  },
  rateGame: { what: 'a game nobody has finished yet: everyone is told to play first', request: () => ({ params: game(), json: { rating: 4 } }), expect: users(403) },
  submitGameScore: {
    what: "the owner's running session: the owner is told it still runs, others that it does not exist",
    request: () => ({ params: game(), json: { session_id: found('gameSession'), score: 10 } }),
    expect: ownersOnly(409),
  },
};
