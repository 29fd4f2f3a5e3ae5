import { Inject, Injectable } from '@nestjs/common';
import type { FounderCredentials } from './domain/founder-account.js';
import { FOUNDER_ACCOUNT_STORE, type FounderAccountStore } from './domain/ports.js';
import { SetUpFounderUseCase } from './application/set-up-founder.use-case.js';

/** What the CLI and other contexts may ask of the founder context: set the founder up, and whether one is. */
@Injectable()
export class FounderFacade {
  constructor(
    private readonly setUpUseCase: SetUpFounderUseCase,
    @Inject(FOUNDER_ACCOUNT_STORE) private readonly store: FounderAccountStore,
  ) {}

  /** Stores the founder's credentials as hashes (replacing an earlier founder, whose tokens stop working). */
  setUp(credentials: Partial<Record<keyof FounderCredentials, unknown>>): Promise<{ id: string; replaced: boolean }> {
    return this.setUpUseCase.execute(credentials);
  }

  /** Whether a founder has been set up. */
  async isSetUp(): Promise<boolean> {
    return (await this.store.tokenState()) !== null;
  }
}
