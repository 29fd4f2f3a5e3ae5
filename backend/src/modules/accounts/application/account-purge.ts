import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { RequestContext } from '@mikro-orm/core';
import { MikroORM } from '@mikro-orm/postgresql';
import { JobsService } from '../../../common/jobs/jobs.service.js';
import { STORAGE, type Storage } from '../../../common/storage/storage.js';
import { DomainEvents } from '../../../common/events/domain-events.js';
import type { UnitOfWork } from '../../../common/database/unit-of-work.port.js';
import { smallBannerKey } from '../domain/account.js';
import { ACCOUNT_REPOSITORY, ACCOUNTS_UNIT_OF_WORK, type AccountRepository } from '../domain/ports.js';

export const PURGE_JOB = 'accounts.purge';

/**
 * Removes a deleted account's content: its stored files, then its row. Runs as a durable job queued at deletion;
 * a sweeper re-queues deletions whose job was lost. Idempotent. Later contexts' content (videos, reels…) joins here.
 */
@Injectable()
export class AccountPurge implements OnModuleInit {
  private readonly logger = new Logger('AccountPurge');

  constructor(
    private readonly orm: MikroORM,
    private readonly jobs: JobsService,
    @Inject(STORAGE) private readonly storage: Storage,
    @Inject(ACCOUNT_REPOSITORY) private readonly accounts: AccountRepository,
    @Inject(ACCOUNTS_UNIT_OF_WORK) private readonly uow: UnitOfWork,
    private readonly events: DomainEvents,
  ) {}

  onModuleInit(): void {
    this.jobs.define<{ accountId: string }>({ name: PURGE_JOB, handler: ({ accountId }) => this.run(accountId), retryLimit: 10, retryDelaySeconds: 30, policy: 'exclusive' });
  }

  async schedule(accountId: string): Promise<void> {
    await this.jobs.send(PURGE_JOB, { accountId }, { singletonKey: `purge:${accountId}` });
  }

  async run(accountId: string): Promise<void> {
    await RequestContext.create(this.orm.em, async () => {
      const account = await this.accounts.findDeleted(accountId);
      if (!account) return;
      // What other contexts hold for this account goes first; a failure there fails the job, which retries.
      await this.events.publishStrict('accounts.purging', { accountId });
      if (account.photoKey) await this.storage.delete(account.photoKey);
      if (account.bannerKey) {
        await this.storage.delete(account.bannerKey);
        await this.storage.delete(smallBannerKey(account.bannerKey));
      }
      this.accounts.remove(account);
      await this.uow.commit();
      this.logger.log(`removed deleted account ${accountId} and its content`);
    });
  }

  @Interval('accounts-purge-sweeper', 5 * 60_000)
  async sweep(): Promise<void> {
    if (!this.jobs.running) return;
    await RequestContext.create(this.orm.em, async () => {
      const waiting = await this.accounts.findAwaitingPurge(new Date(Date.now() - 5 * 60_000), 100);
      for (const a of waiting) await this.schedule(a.id);
    });
  }
}
