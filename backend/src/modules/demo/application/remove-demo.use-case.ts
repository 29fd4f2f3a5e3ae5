import { Inject, Injectable, Logger } from '@nestjs/common';
import { RequestContext } from '@mikro-orm/core';
import { MikroORM } from '@mikro-orm/postgresql';
import { AccountsFacade } from '../../accounts/accounts.facade.js';
import { IdentityFacade } from '../../identity/identity.facade.js';
import { LiveFacade } from '../../live/live.facade.js';
import { DEMO_MARK, DEMO_MARKS, DEMO_MEDIA_MAKER, type DemoMarks, type DemoMediaMaker } from '../domain/ports.js';

/** How long to wait for a seeding in progress (in a running server) to notice the removal and stop. */
const SEEDING_STOP_WAIT_MS = 100_000;

/**
 * `npm run cli -- demo:remove`: removes every demo user the way people delete their own account (the user, their
 * accounts and tokens; their media, photos, comments, likes and follows purged by the account purge, run here at once
 * and queued as the job too; their podcast shows, subscriptions, listening progress and play marks go with the user and
 * their episodes; a demo live stream ended first), and remembers that the demo was removed so it is never seeded again. Idempotent.
 */
@Injectable()
export class RemoveDemoUseCase {
  private readonly logger = new Logger('Demo');

  constructor(
    private readonly orm: MikroORM,
    @Inject(DEMO_MARKS) private readonly marks: DemoMarks,
    private readonly identity: IdentityFacade,
    private readonly accounts: AccountsFacade,
    private readonly live: LiveFacade,
    @Inject(DEMO_MEDIA_MAKER) private readonly maker: DemoMediaMaker,
  ) {}

  private ctx<T>(fn: () => Promise<T>): Promise<T> {
    return RequestContext.create(this.orm.em, fn);
  }

  async execute(opts: { onWait?: () => void } = {}): Promise<{ users: number }> {
    await this.ctx(() => this.marks.mark(DEMO_MARK.removed));
    // A server seeding right now stops at its next step (it checks the mark) and gives up its lease.
    const deadline = Date.now() + SEEDING_STOP_WAIT_MS;
    let told = false;
    while ((await this.ctx(() => this.marks.leaseHeld())) && Date.now() < deadline) {
      if (!told) opts.onWait?.();
      told = true;
      await new Promise((r) => setTimeout(r, 500));
    }
    const users = await this.ctx(() => this.identity.demoUserIds());
    for (const userId of users) {
      // Its live stream (the demo's) ends as its owner would end it: its pages are told, its publisher cut off.
      await this.ctx(() => this.live.endOpenStreamOf(userId));
      const accountIds = await this.ctx(() => this.identity.deleteDemoUser(userId));
      try {
        await this.accounts.purgeDeletedNow(accountIds);
      } catch (e) {
        // The queued purge job (or its sweeper) finishes it.
        this.logger.warn(`the content of a removed demo user is purged later: ${(e as Error).message}`);
      }
    }
    await this.maker.removeLiveLoop();
    return { users: users.length };
  }
}
