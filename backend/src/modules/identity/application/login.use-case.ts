import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../common/config/config.js';
import { ValidationError } from '../../../common/errors/domain-error.js';
import { TokenService } from '../../../common/auth/token.service.js';
import { AccessDenied, AwaitingParentalConsent, InvalidCredentials, TooManyLoginAttempts } from '../domain/identity.errors.js';
import { identifierKinds } from '../domain/registration.js';
import { phoneKey, type User } from '../domain/user.js';
import {
  LOGIN_THROTTLE,
  PASSWORD_HASHER,
  USER_REPOSITORY,
  type LoginThrottle,
  type PasswordHasher,
  type UserRepository,
} from '../domain/ports.js';

export interface LoginInput {
  identifier: unknown;
  password: unknown;
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
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly tokens: TokenService,
  ) {}

  async execute(input: LoginInput): Promise<LoginResult> {
    const identifier = typeof input.identifier === 'string' ? input.identifier.trim() : '';
    const password = typeof input.password === 'string' ? input.password : '';
    const field = input.audience === 'admin' ? 'username' : 'login_identifier';
    const problems = [];
    if (!identifier) problems.push({ field, message: input.audience === 'admin' ? 'Username is required' : 'Login identifier is required' });
    if (!password) problems.push({ field: 'password', message: 'Password is required' });
    if (problems.length) throw new ValidationError(problems);
    if (identifier.length > 254 || password.length > 256) throw InvalidCredentials();

    const idKey = `${input.audience}:id:${identifier.toLowerCase()}`;
    const ipKey = `${input.audience}:ip:${input.ip}`;
    const locked = await this.throttle.lockedFor([idKey, ipKey]);
    if (locked > 0) throw TooManyLoginAttempts(locked);

    const user = await this.find(identifier, input.audience);
    const ok = user ? await this.hasher.verify(user.passwordHash, password) : (await this.hasher.burn(password), false);
    if (!user || !ok || (input.audience === 'admin' && !user.isAdmin)) {
      const limit = this.config.rateLimit.loginFailures;
      await this.throttle.recordFailure([
        { key: idKey, limit },
        { key: ipKey, limit: limit * 10 },
      ]);
      throw InvalidCredentials();
    }
    await this.throttle.clear(idKey);
    if (user.status === 'pending_parental_consent') throw AwaitingParentalConsent();
    if (user.status === 'denied') throw AccessDenied();
    const issued = this.tokens.issue({ sub: user.id, aud: input.audience, ver: user.tokenVersion });
    return { token: issued.token, expiresIn: issued.expiresIn, user };
  }

  private async find(identifier: string, audience: 'user' | 'admin'): Promise<User | null> {
    const kinds = audience === 'admin' ? (identifier.includes('@') ? (['email'] as const) : (['display_name'] as const)) : identifierKinds(identifier);
    for (const kind of kinds) {
      const found =
        kind === 'email'
          ? await this.users.findByEmail(identifier.toLowerCase())
          : kind === 'phone'
            ? await this.users.findByPhoneKey(phoneKey(identifier))
            : await this.users.findByDisplayNameKey(identifier.toLowerCase());
      if (found) return found;
    }
    return null;
  }
}
