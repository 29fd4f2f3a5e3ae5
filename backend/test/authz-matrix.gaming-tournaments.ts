import type { AuthzWorld, Who } from './authz-matrix.fixtures.js';
import type { AuthzCase } from './authz-matrix.table.js';
import { anyone, found, lookUp, users } from './authz-matrix.shapes.js';

/**
 * The authorization matrix's rows for the gaming hub's tournaments (see authz-matrix.table.ts). Every signed-in caller
 * organizes a tournament in the first row; the rows after it act on the owner's (found with SQL one row ahead). The
 * callers leave before joining (409: not joined), then join (other, adminUser, owner: seeds 1, 2, 3), so that the
 * owner's start draws a bracket where the other user has a bye and adminUser plays the owner. Only the organizer
 * starts and cancels (403 for the others; cancelling after the start is 409); the match is reported by its players
 * and the organizer (the other user, not in it, 403).
 */

const ownersTournament = (w: AuthzWorld) =>
  lookUp('tournament', async () => (await w.t.sql<{ id: string }>('select id from tournaments where organizer_id = $1 order by created_at limit 1', [w.owner.id]))[0]?.id);

/** The first-round match with two players in the owner's started tournament (ids as the API shows them). */
const playedMatch = (w: AuthzWorld) =>
  lookUp('tournamentMatch', async () => {
    const [row] = await w.t.sql<{ bracket: { data: { match: { id: number; round_id: number; opponent1: { id: number | null } | null; opponent2: { id: number | null } | null }[] }; matchIds: Record<string, string> } | null }>(
      'select bracket from tournaments where organizer_id = $1 order by created_at limit 1',
      [w.owner.id],
    );
    const m = row?.bracket?.data.match.find((x) => x.round_id === 0 && x.opponent1?.id != null && x.opponent2?.id != null);
    return m ? row!.bracket!.matchIds[String(m.id)] : undefined;
  });

const tournament = () => ({ id: found('tournament') });
const organizerOnly = (ok: number): Record<Who, number> => ({ visitor: 401, owner: ok, other: 403, admin: 401, adminUser: 403, founder: 401 });

export const GAMING_TOURNAMENTS_ROWS: Record<string, AuthzCase | AuthzCase[]> = {
  createTournament: {
    what: 'each signed-in user organizes a tournament',
    request: () => ({ json: { name: 'Authz matrix cup', game: 'Chess', prize_pool: '100', start_date: new Date(Date.now() + 7 * 24 * 3600_000).toISOString() } }),
    expect: users(201),
  },
  listTournaments: {
    request: (w) => {
      ownersTournament(w);
      return { query: { status: 'open' } };
    },
    expect: anyone(200),
  },
  getTournament: { what: "the owner's tournament", request: () => ({ params: tournament() }), expect: anyone(200) },
  leaveTournament: { what: "the owner's tournament, not joined yet", request: () => ({ params: tournament() }), expect: users(409) },
  joinTournament: { what: "the owner's tournament (the owner plays in it too)", request: () => ({ params: tournament() }), expect: users(200) },
  startTournament: { what: "the owner's tournament, 3 participants", request: () => ({ params: tournament() }), expect: organizerOnly(200) },
  cancelTournament: {
    what: "the owner's tournament, started (409 for its organizer)",
    request: (w) => {
      playedMatch(w);
      return { params: tournament(), json: { reason: 'Authz matrix' } };
    },
    expect: organizerOnly(409),
  },
  reportTournamentMatch: {
    what: "the owner's match against adminUser: adminUser reports, the owner (its player and organizer) decides; the other user is not in it",
    request: (w) => ({ params: { ...tournament(), matchId: found('tournamentMatch') }, json: { winner_id: w.owner.id, score1: 1, score2: 2 } }),
    expect: { visitor: 401, owner: 200, other: 403, admin: 401, adminUser: 200, founder: 401 },
  },
};
