/** localStorage keys of the three token audiences. */
export const TOKEN_KEYS = {
  user: 'scriven.token',
  admin: 'scriven.adminToken',
  founder: 'scriven.founderToken',
} as const;

export type TokenKind = keyof typeof TOKEN_KEYS;

/** Reads and writes tokens; storage failures (private mode, quota) behave as "no token". */
export const tokenStorage = {
  get(kind: TokenKind): string | null {
    try {
      return globalThis.localStorage?.getItem(TOKEN_KEYS[kind]) ?? null;
    } catch {
      return null;
    }
  },
  set(kind: TokenKind, token: string): void {
    try {
      globalThis.localStorage?.setItem(TOKEN_KEYS[kind], token);
    } catch {
      // The session still works for this page; it just will not survive a reload.
    }
  },
  remove(kind: TokenKind): void {
    try {
      globalThis.localStorage?.removeItem(TOKEN_KEYS[kind]);
    } catch {
      // Nothing to remove.
    }
  },
};
