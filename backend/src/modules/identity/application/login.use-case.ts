import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { ValidationError, type FieldProblem } from '../../../common/errors/domain-error.js';
import { TokenService } from '../../../common/auth/token.service.js';
import { SystemAdminFacade } from '../../system-admin/system-admin.facade.js';
import { AccessDenied, AwaitingParentalConsent, InvalidCredentials, TooManyLoginAttempts } from '../domain/identity.errors.js';
import { identifierKinds, type IdentifierKind } from '../domain/registration.js';
import { throttleAddress } from '../domain/sign-in-throttle.js';
import { phoneKey, phoneLookupKeys, type User } from '../domain/user.js';
import {
  LOGIN_THROTTLE,
  PASSWORD_HASHER,
  USER_REPOSITORY,
  type LoginThrottle,
  type PasswordHasher,
  type SignInAttempt,
  type UserRepository,
} from '../domain/ports.js';

export interface LoginInput {
  identifier: unknown;
  password: unknown;
  /** The client address: the socket's peer (or X-Forwarded-For only when TRUST_PROXY is set). */
  ip: string;
  audience: 'user' | 'admin';
}

export interface LoginResult {
  token: string;
  expiresIn: number;
  user: User;
}

/** Sign-in by email, phone or display name; admins sign in with display name or email on the admin audience. */
@Injectable()
export class LoginUseCase {
  constructor(
    @Inject(USER_REPOSITORY) private readonly users: UserRepository,
    @Inject(PASSWORD_HASHER) private readonly hasher: PasswordHasher,
    @Inject(LOGIN_THROTTLE) private readonly throttle: LoginThrottle,
    private readonly tokens: TokenService,
    private readonly systemAdmin: SystemAdminFacade,
  ) {}

  async execute(input: LoginInput): Promise<LoginResult> {
    const identifier = typeof input.identifier === 'string' ? input.identifier.trim() : '';
    const password = typeof input.password === 'string' ? input.password : '';
    const problems: FieldProblem[] = [];
    if (!identifier) {
      problems.push(input.audience === 'admin' ? { field: 'username', message: 'Username is required' } : { field: 'login_identifier', message: 'Login identifier is required' });
    }
    if (!password) problems.push({ field: 'password', message: 'Password is required' });
    if (problems.length) throw new ValidationError(problems);
    if (identifier.length > 254 || password.length > 256) throw InvalidCredentials();

    const kinds: IdentifierKind[] = input.audience === 'admin' ? [identifier.includes('@') ? 'email' : 'display_name'] : identifierKinds(identifier);
    const candidates = await this.candidates(identifier, kinds);
    // One person whatever spelling of their email, phone or name is used; an unknown identifier by its normal form,
    // hashed (people type their password into the wrong field).
    const attempt: SignInAttempt = {
      person: candidates.length ? `user:${candidates[0].id}` : `id:${createHash('sha256').update(normalise(identifier, kinds[0])).digest('hex')}`,
      userId: candidates.length ? candidates[0].id : null,
      address: throttleAddress(input.ip),
    };
    const wait = await this.throttle.attempt(attempt);
    if (wait > 0) throw TooManyLoginAttempts(wait);

    let user: User | undefined;
    for (const candidate of candidates) {
      if (await this.hasher.verify(candidate.passwordHash, password)) {
        user = candidate;
        break;
      }
    }
    if (!candidates.length) await this.hasher.burn(password);
    if (!user || (input.audience === 'admin' && !user.isAdmin)) throw InvalidCredentials();
    await this.throttle.succeeded(attempt, user.id);
    if (user.status === 'pending_parental_consent') throw AwaitingParentalConsent();
    if (user.status === 'denied') throw AccessDenied();
    const issued = this.tokens.issue({ sub: user.id, aud: input.audience, ver: user.tokenVersion });
    if (input.audience === 'admin') {
      await this.systemAdmin.recordAdminAction({ adminUserId: user.id, adminUsername: user.displayName, action: 'admin.signed_in', detail: { address: input.ip } });
    }
    return { token: issued.token, expiresIn: issued.expiresIn, user };
  }

  /** Every user the identifier can mean (a phone-shaped display name can mean two people). */
  private async candidates(identifier: string, kinds: IdentifierKind[]): Promise<User[]> {
    const found: User[] = [];
    for (const kind of kinds) {
      // A phone: its E.164 key, and the old key of a row the normalising migration had to leave as it was.
      const keys = kind === 'phone' ? phoneLookupKeys(identifier) : [normalise(identifier, kind)];
      for (const key of keys) {
        const user =
          kind === 'email' ? await this.users.findByEmail(key) : kind === 'phone' ? await this.users.findByPhoneKey(key) : await this.users.findByDisplayNameKey(key);
        if (user && !found.some((u) => u.id === user.id)) found.push(user);
      }
    }
    return found;
  }
}

function normalise(identifier: string, kind: IdentifierKind): string {
  return kind === 'phone' ? phoneKey(identifier) : identifier.toLowerCase();
}
