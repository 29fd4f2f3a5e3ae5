import type { Who } from './authz-matrix.fixtures.js';

// The usual shapes of a row. The admin console's and a founder's tokens are refused (401) wherever a user token is read.
/** Signed-in users (owner, other, is_admin user) only. */
export const users = (ok: number): Record<Who, number> => ({ visitor: 401, owner: ok, other: ok, admin: 401, adminUser: ok, founder: 401 });
/** Signed-in users; the thing named is the owner's, and is hidden from everyone else. */
export const ownerOnly = (ok: number, others = 404): Record<Who, number> => ({ visitor: 401, owner: ok, other: others, admin: 401, adminUser: others, founder: 401 });
/** Open to visitors, a signed-in user may be recognised (a token of another audience is refused). */
export const anyone = (ok: number): Record<Who, number> => ({ visitor: ok, owner: ok, other: ok, admin: 401, adminUser: ok, founder: 401 });
/** Things of a private account (or not yet ready): seen by their owner only, as if they did not exist for others. */
export const hidden = (ok: number, visitor = 404): Record<Who, number> => ({ visitor, owner: ok, other: 404, admin: 401, adminUser: 404, founder: 401 });
/** Open to everyone, no token read at all. */
export const open = (ok: number): Record<Who, number> => ({ visitor: ok, owner: ok, other: ok, admin: ok, adminUser: ok, founder: ok });
/** The admin console's routes: no token 401; a valid token of another audience (any user's, a founder's) 403. */
export const adminConsole = (ok: number): Record<Who, number> => ({ visitor: 401, owner: 403, other: 403, admin: ok, adminUser: 403, founder: 403 });
/** The platform owner's routes (is_admin users). */
export const platform = (ok: number): Record<Who, number> => ({ visitor: 401, owner: 403, other: 403, admin: 401, adminUser: ok, founder: 401 });

/**
 * Ids that only earlier rows make (moderation's case and strike, a live stream and its chat message): a row starts
 * looking one up while the rows between it and the row that needs it run (the table's request builders cannot wait),
 * and that row reads it with `found`.
 */
const later: Record<string, { value?: string; error?: unknown }> = {};
export function lookUp(key: string, find: () => Promise<string | undefined>): void {
  if (later[key]) return;
  const slot: { value?: string; error?: unknown } = {};
  later[key] = slot;
  find().then(
    (v) => (slot.value = v ?? `no-${key}-found`),
    (e: unknown) => (slot.error = e),
  );
}
export function found(key: string): string {
  const slot = later[key];
  if (slot?.error) throw slot.error;
  if (!slot?.value) throw new Error(`${key} is not known yet: the rows before this one look it up`);
  return slot.value;
}
