import { Injectable } from '@nestjs/common';
import argon2 from 'argon2';
import type { SecretHasher } from '../domain/ports.js';

/** argon2id with the OWASP minimum profile (19 MiB, 2 passes, 1 lane), as identity hashes passwords. */
const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

@Injectable()
export class Argon2SecretHasher implements SecretHasher {
  private dummy?: Promise<string>;

  hash(secret: string): Promise<string> {
    return argon2.hash(secret, OPTIONS);
  }

  async verify(hash: string, secret: string): Promise<boolean> {
    try {
      return await argon2.verify(hash, secret);
    } catch {
      return false;
    }
  }

  async burn(secret: string): Promise<void> {
    this.dummy ??= argon2.hash('scriven-founder-timing-equaliser', OPTIONS);
    await this.verify(await this.dummy, secret);
  }
}
