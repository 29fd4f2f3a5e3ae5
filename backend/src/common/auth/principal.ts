export type Audience = 'user' | 'admin' | 'founder';

export const TOKEN_TTL_SECONDS: Record<Audience, number> = {
  user: 24 * 3600,
  admin: 8 * 3600,
  founder: 30 * 60,
};

export interface TokenClaims {
  sub: string;
  aud: Audience;
  /** The subject's token version when issued; a newer version revokes the token. */
  ver: number;
}

export interface Principal {
  userId: string;
  audience: Audience;
}

/** Implemented by the context that owns the subjects: turns verified claims into a principal, or null when revoked. */
export interface PrincipalLoader {
  load(claims: TokenClaims): Promise<Principal | null>;
}

export const PRINCIPAL_LOADER = Symbol('PrincipalLoader');
