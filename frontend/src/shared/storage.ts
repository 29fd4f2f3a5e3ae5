import { readLocalStorageValue } from '@mantine/hooks';

/** localStorage keys of the three token audiences. */
export const TOKEN_KEYS = {
  user: 'scriven.token',
  admin: 'scriven.adminToken',
  founder: 'scriven.founderToken',
} as const;

export type TokenKind = keyof typeof TOKEN_KEYS;

function parseJson(raw: string | undefined): unknown {
  if (raw === undefined) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

/**
 * What the stores keep in this browser's localStorage. Reads go through Mantine's `readLocalStorageValue` (a missing
 * key or a blocked storage gives the fallback, as `useLocalStorage` would); @mantine/hooks writes only from its React
 * hook, which stores cannot call, so writing and removing are here. A failing storage (private mode, quota) behaves as
 * an empty one: what it would have kept still holds for this page.
 */
export const localStore = {
  /** The value kept under `key` as JSON; null when there is none, it is not JSON, or storage is blocked. */
  readJson(key: string): unknown {
    return readLocalStorageValue<unknown>({ key, defaultValue: null, deserialize: parseJson });
  },

  writeJson(key: string, value: unknown): void {
    localStore.writeText(key, JSON.stringify(value));
  },

  /** The text kept under `key` as it is (a token); null when there is none or storage is blocked. */
  readText(key: string): string | null {
    return readLocalStorageValue<string | null>({ key, defaultValue: null, deserialize: (raw) => raw ?? null });
  },

  writeText(key: string, value: string): void {
    try {
      globalThis.localStorage?.setItem(key, value);
    } catch {
      // Kept for this page only.
    }
  },

  remove(key: string): void {
    try {
      globalThis.localStorage?.removeItem(key);
    } catch {
      // Nothing to remove.
    }
  },

  /** The keys that start with `prefix`. */
  keys(prefix: string): string[] {
    try {
      const storage = globalThis.localStorage;
      const keys: string[] = [];
      for (let i = 0; i < (storage?.length ?? 0); i += 1) {
        const key = storage.key(i);
        if (key?.startsWith(prefix)) keys.push(key);
      }
      return keys;
    } catch {
      return [];
    }
  },
};

/** Reads and writes tokens; storage failures behave as "no token". */
export const tokenStorage = {
  get: (kind: TokenKind): string | null => localStore.readText(TOKEN_KEYS[kind]),
  set: (kind: TokenKind, token: string): void => localStore.writeText(TOKEN_KEYS[kind], token),
  remove: (kind: TokenKind): void => localStore.remove(TOKEN_KEYS[kind]),
};
