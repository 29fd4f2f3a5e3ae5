import { Global, Inject, Injectable, Logger, Module, type OnModuleInit } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { ChangeSetType, type EventSubscriber, type FlushEventArgs, RequestContext } from '@mikro-orm/core';
import { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { JobsService } from '../jobs/jobs.service.js';
import { MAILER, type Mailer, type OutgoingMail } from './mailer.js';
import { MAX_MAIL_ATTEMPTS, OutboxMail, REDACTED_BODY } from './outbox-mail.js';
import { createTransport, type MailTransport } from './transport.js';

export const MAIL_JOB = 'mail.deliver';

@Injectable()
export class OutboxMailer implements Mailer {
  constructor(private readonly em: EntityManager) {}
  enqueue(mail: OutgoingMail): void {
    const row = new OutboxMail();
    row.recipient = mail.to;
    row.subject = mail.subject.slice(0, 300);
    row.body = mail.text;
    row.sensitive = mail.sensitive ?? false;
    this.em.persist(row);
  }
}

/** Delivers outbox mails: a job per mail queued after commit, and a sweeper for any whose job was lost. */
@Injectable()
export class MailDelivery implements OnModuleInit, EventSubscriber {
  private readonly logger = new Logger('Mail');
  private readonly transport: MailTransport;

  constructor(
    private readonly orm: MikroORM,
    private readonly jobs: JobsService,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.transport = createTransport(config);
  }

  get transportName(): string {
    return this.transport.name;
  }

  onModuleInit(): void {
    this.orm.em.getEventManager().registerSubscriber(this);
    this.jobs.define<{ id: string }>({ name: MAIL_JOB, handler: ({ id }) => this.deliver(id), retryLimit: MAX_MAIL_ATTEMPTS, retryDelaySeconds: 15 });
  }

  /** After a flush, queue delivery of the mails it created (a job that finds its mail not yet committed retries). */
  async afterFlush(args: FlushEventArgs): Promise<void> {
    const created = args.uow
      .getChangeSets()
      .filter((cs) => cs.type === ChangeSetType.CREATE && cs.entity instanceof OutboxMail)
      .map((cs) => (cs.entity as OutboxMail).id);
    for (const id of created) await this.jobs.send(MAIL_JOB, { id }).catch(() => undefined);
  }

  /**
   * Idempotent: the row is locked and only a pending mail is sent. A failed attempt is recorded, then thrown, so
   * pg-boss retries it with backoff; so is a mail not visible yet (queued by a flush inside a larger transaction).
   */
  async deliver(id: string): Promise<void> {
    const em = this.orm.em.fork();
    const outcome = await em.transactional(async (tx): Promise<'done' | 'retry'> => {
      const rows = await tx
        .getConnection()
        .execute<{ status: string }[]>(`select status from mail_outbox where id = ? for update skip locked`, [id], 'all', tx.getTransactionContext());
      if (!rows.length) return 'retry';
      if (rows[0].status !== 'pending') return 'done';
      const mail = await tx.findOneOrFail(OutboxMail, { id });
      mail.attempts += 1;
      try {
        await this.transport.send({ to: mail.recipient, subject: mail.subject, text: mail.body });
        mail.status = 'sent';
        mail.sentAt = new Date();
        mail.transport = this.transport.name;
        mail.lastError = null;
        if (mail.sensitive) mail.body = REDACTED_BODY;
        return 'done';
      } catch (e) {
        mail.lastError = (e as Error).message.slice(0, 1000);
        mail.nextAttemptAt = new Date(Date.now() + Math.min(3600, 15 * 2 ** mail.attempts) * 1000);
        if (mail.attempts >= MAX_MAIL_ATTEMPTS) mail.status = 'failed';
        this.logger.warn(`mail ${mail.id} attempt ${mail.attempts} failed: ${mail.lastError}`);
        return mail.status === 'failed' ? 'done' : 'retry';
      }
    });
    if (outcome === 'retry') throw new Error(`mail ${id} is not delivered yet; it will be retried`);
  }

  /** Re-queues pending mails whose delivery job never ran (a server stopped between commit and queueing). */
  @Interval('mail-outbox-sweeper', 60_000)
  async sweep(): Promise<void> {
    if (!this.jobs.running) return;
    await RequestContext.create(this.orm.em, async () => {
      const stuck = await this.orm.em.find(
        OutboxMail,
        { status: 'pending', nextAttemptAt: { $lte: new Date() }, createdAt: { $lte: new Date(Date.now() - 120_000) } },
        { limit: 100, fields: ['id'] },
      );
      for (const m of stuck) await this.jobs.send(MAIL_JOB, { id: m.id }, { singletonKey: `mail:${m.id}` });
    });
  }
}

@Global()
@Module({
  providers: [OutboxMailer, MailDelivery, { provide: MAILER, useExisting: OutboxMailer }],
  exports: [MAILER, MailDelivery],
})
export class MailModule {}
