/**
 * How sign-in failures are throttled (OWASP ASVS v4 2.2.1, the OWASP Authentication cheat sheet): the attacker is
 * slowed down, not the account locked. Every password check (user, admin, later founder) goes through it.
 *
 * - Per (person, address) pair: `freeFailures` failures are free; from then on each failure makes the next attempt
 *   of that pair wait 1 s, 2 s, 4 s … up to `maxDelaySeconds` (answered 429 with Retry-After meanwhile). A success
 *   from the pair forgets its failures; so do 24 hours without one. The owner signing in from another address is
 *   not slowed at all.
 * - Per address, against spraying many accounts: at most `addressFailuresPerHour` failures (20 × free failures).
 * - Per person, against guesses spread over many addresses: at most `personFailuresPerHour` failures (10 × free
 *   failures, at most 50, so never more than 100 in any hour, as ASVS asks).
 * - Over either cap only addresses the person signed in from successfully in the last 30 days still get through,
 *   so a sprayer behind a shared address (an office, a mobile network) does not keep out those who use it.
 *
 * A "person" is the user the identifier names under any spelling, or the normal form of an unknown identifier, so
 * the answers are the same for identifiers that exist and those that do not. An attempt counts as a failure from
 * the moment it starts (before the password is checked, so that concurrent guesses cannot slip past a limit) and is
 * given back when it succeeds.
 */
export interface ThrottlePolicy {
  freeFailures: number;
  maxDelaySeconds: number;
  addressFailuresPerHour: number;
  personFailuresPerHour: number;
}

export const CAP_WINDOW_SECONDS = 3600;
/** A pair's failures are forgotten this long after its last one. */
export const PAIR_MEMORY_SECONDS = 24 * 3600;
/** An address a person signed in from stays theirs for this long after the last success. */
export const KNOWN_ADDRESS_SECONDS = 30 * 24 * 3600;

export function throttlePolicy(freeFailures: number, maxDelayMinutes: number): ThrottlePolicy {
  return {
    freeFailures,
    maxDelaySeconds: maxDelayMinutes * 60,
    addressFailuresPerHour: 20 * freeFailures,
    personFailuresPerHour: Math.min(50, 10 * freeFailures),
  };
}

/** Seconds the pair waits after its `failures`-th failure (0 while failures are free). */
export function pairDelaySeconds(failures: number, policy: ThrottlePolicy): number {
  if (failures < policy.freeFailures) return 0;
  return Math.min(policy.maxDelaySeconds, 2 ** Math.min(failures - policy.freeFailures, 30));
}

/**
 * The address an attempt is counted under: IPv4 as is (also when written IPv4-mapped, `::ffff:192.0.2.1`), IPv6 by
 * its /64 network, since one subscriber usually holds a whole /64 and could otherwise use a fresh address per guess.
 */
export function throttleAddress(ip: string): string {
  let a = (ip || 'unknown').trim().toLowerCase();
  const zone = a.indexOf('%');
  if (zone >= 0) a = a.slice(0, zone);
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(a);
  if (mapped) return mapped[1];
  if (!a.includes(':')) return a;
  const hextets = expandIPv6(a);
  return hextets ? `${hextets.slice(0, 4).join(':')}::/64` : a;
}

function expandIPv6(a: string): string[] | null {
  const halves = a.split('::');
  if (halves.length > 2) return null;
  const parse = (part: string): string[] => {
    if (!part) return [];
    const out: string[] = [];
    for (const piece of part.split(':')) {
      if (piece.includes('.')) {
        const o = piece.split('.').map(Number);
        out.push(((o[0] << 8) | o[1]).toString(16), ((o[2] << 8) | o[3]).toString(16));
      } else out.push(piece);
    }
    return out;
  };
  const head = parse(halves[0]);
  const tail = halves.length === 2 ? parse(halves[1]) : [];
  const fill = halves.length === 2 ? 8 - head.length - tail.length : 0;
  if (fill < 0) return null;
  const all = [...head, ...Array<string>(fill).fill('0'), ...tail];
  if (all.length !== 8 || all.some((h) => !/^[0-9a-f]{1,4}$/.test(h))) return null;
  return all.map((h) => h.replace(/^0+(?=.)/, ''));
}
