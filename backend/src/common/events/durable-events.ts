import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { ChangeSetType, defineEntity, p, RequestContext, type EventSubscriber, type FlushEventArgs } from '@mikro-orm/core';
import { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { JobsService } from '../jobs/jobs.service.js';

/**
 * Events that must not be lost: recorded in the same transaction as the change that raises them, then handled by a
 * durable job after commit. Handlers run at least once, so each must be idempotent. Later contexts add their events
 * here; the notifications context already handles the money, moderation and partner ones.
 */
export interface DurableEventMap {
  /** Someone started following a user (not sent for an unfollow). */
  'social.followed': { followerId: string; followeeId: string };
  /** A user's public profile may have changed (registration, consent decision, deletion, premium, creator program). */
  'identity.user-changed': { userId: string };
  /** An account's profile or privacy changed: the owner's listing and their content's visibility follow. */
  'accounts.profile-changed': { userId: string; accountId: string };
  /** A media item was created from an upload and waits for processing: its processing job is queued. */
  'catalog.media-uploaded': { mediaId: string };
  /** A media item changed (ready, failed, deleted): the search index and feeds follow. */
  'catalog.media-changed': { mediaId: string };
  /** A tournament changed (created, joined or left, started, a match decided, completed, cancelled): the search index follows. */
  'catalog.tournament-changed': { tournamentId: string };
  /** A media item became visible to others for the first time: followers are told. */
  'catalog.media-published': { mediaId: string; userId: string; kind: string; title: string };
  /**
   * A comment was posted: a top-level one tells the item's uploader, a reply the author of the comment it answers
   * (recipientUserId; never the commenter themselves).
   */
  'catalog.comment-posted': {
    commentId: string;
    mediaId: string;
    kind: string;
    mediaTitle: string;
    recipientUserId: string;
    isReply: boolean;
    authorName: string;
    excerpt: string;
  };
  /** Hooks for later contexts (live, money, moderation, partner program): each becomes a notification. */
  'live.super-chat-received': { streamerUserId: string; superChatId: string; fromUsername: string; amountCents: number; message: string; streamId: string };
  'money.membership-started': { ownerUserId: string; membershipId: string; memberUsername: string; channelName: string; tier: string };
  'money.payout-status-changed': { userId: string; payoutId: string; status: string; amountCents: number };
  'moderation.report-resolved': { reporterUserId: string; reportId: string; outcome: string };
  /** Moderation removed content (catalog hides it; purgeFiles: its files go now, else they wait for the appeal window). */
  'moderation.content-removed': { contentType: string; contentId: string; ownerUserId: string; reason: string; purgeFiles: boolean; title: string | null };
  /** Files of removed content that can no longer come back (appeal window closed, appeal upheld): the catalog purges them. */
  'moderation.content-purge': { contentType: string; contentId: string };
  /** An overturned appeal brings removed content back. */
  'moderation.content-restored': { contentType: string; contentId: string };
  'moderation.strike-issued': { userId: string; strikeId: string; reason: string; appealDeadline: string };
  'moderation.appeal-decided': { userId: string; strikeId: string; decision: 'upheld' | 'overturned'; reason: string };
  'partner.decision': { userId: string; applicationId: string; decision: 'approved' | 'rejected'; reason?: string };
  /** A verified payment-provider webhook was received (recorded once per provider event id). */
  'payments.webhook-received': { eventId: string; type: string; sessionId: string };
}

export type DurableTopic = keyof DurableEventMap;
type Handler<K extends DurableTopic> = (payload: DurableEventMap[K], meta: { eventId: string; createdAt: Date }) => Promise<void>;

export class OutboxEvent {
  id: string = randomUUID();
  topic: string;
  payload: object;
  createdAt: Date = new Date();
  dispatchedAt: Date | null = null;
  attempts = 0;
  /** While a runner holds the event (a lease): others leave it alone until then. */
  lockedUntil: Date | null = null;
}

export const OutboxEventSchema = defineEntity({
  class: OutboxEvent,
  tableName: 'event_outbox',
  indexes: [{ name: 'event_outbox_pending_index', properties: ['dispatchedAt', 'createdAt'] }],
  properties: {
    id: p.uuid().primary(),
    topic: p.string().length(100),
    payload: p.json<object>(),
    createdAt: p.datetime(),
    dispatchedAt: p.datetime().nullable(),
    attempts: p.integer().default(0),
    lockedUntil: p.datetime().nullable(),
  },
});

export const DISPATCH_JOB = 'events.dispatch';
const SWEEP_AFTER_MS = 30_000;
const BACKSTOP_AFTER_SECONDS = 15;
const LEASE_SECONDS = 300;
export const MAX_ATTEMPTS = 25;
const DISPATCHERS = 4;

@Injectable()
export class DurableEvents implements OnModuleInit, OnApplicationShutdown, EventSubscriber {
  private readonly logger = new Logger('DurableEvents');
  private readonly handlers = new Map<DurableTopic, Handler<never>[]>();
  private readonly backlog: { id: string; attempt: number }[] = [];
  private readonly queued = new Set<string>();
  private readonly sleepers: (() => void)[] = [];
  private loop?: Promise<unknown>;
  private closing = false;

  constructor(
    private readonly orm: MikroORM,
    private readonly em: EntityManager,
    @Inject(JobsService) private readonly jobs: JobsService,
  ) {}

  onModuleInit(): void {
    // A few runners, so one slow handler (a provider call, a fan-out page) does not hold up the others.
    this.loop = Promise.all(Array.from({ length: DISPATCHERS }, () => this.dispatcher()));
    this.orm.em.getEventManager().registerSubscriber(this);
    this.jobs.define<{ id: string }>({
      name: DISPATCH_JOB,
      handler: async ({ id }) => void (await this.dispatch(id)),
      retryLimit: 10,
      retryDelaySeconds: 5,
      concurrency: 4,
      // One queued or running job per event, however often the sweeper re-queues it.
      policy: 'exclusive',
      expireInSeconds: LEASE_SECONDS,
    });
  }

  on<K extends DurableTopic>(topic: K, handler: Handler<K>): void {
    const list = this.handlers.get(topic) ?? [];
    list.push(handler as Handler<never>);
    this.handlers.set(topic, list);
  }

  /** Records the event in the caller's unit of work: it exists exactly when the change that raised it does. */
  record<K extends DurableTopic>(topic: K, payload: DurableEventMap[K]): void {
    const e = new OutboxEvent();
    e.topic = topic;
    e.payload = payload;
    this.em.persist(e);
  }

  /** After a flush, queue the events it wrote (a runner that finds its event not committed yet retries shortly). */
  afterFlush(args: FlushEventArgs): void {
    for (const cs of args.uow.getChangeSets()) if (cs.type === ChangeSetType.CREATE && cs.entity instanceof OutboxEvent) this.queue(cs.entity.id);
  }

  /**
   * Dispatched at once by this process (no queue polling delay), with a durable job queued for later as the
   * backstop: if this process dies first, the job (or, with jobs off, the sweeper) runs it; if not, the job finds
   * the event dispatched and does nothing. Nothing here waits: a flush inside a transaction holds its locks.
   */
  private queue(id: string, backstop = true): void {
    if (backstop) void this.jobs.send(DISPATCH_JOB, { id }, { singletonKey: `event:${id}`, startAfterSeconds: BACKSTOP_AFTER_SECONDS }).catch(() => false);
    this.enqueue(id, 0);
  }

  private enqueue(id: string, attempt: number): void {
    if (this.closing || this.queued.has(id)) return;
    this.queued.add(id);
    this.backlog.push({ id, attempt });
    this.sleepers.shift()?.();
  }

  /**
   * The in-process dispatcher, started at boot: handlers run in its own async context, never inside the request or
   * transaction that recorded the event. An event not yet committed, or whose handler failed, is retried on a timer
   * (the loop never sleeps on one event), a few times; then the backstop job or the sweeper takes over.
   */
  private async dispatcher(): Promise<void> {
    while (!this.closing) {
      const next = this.backlog.shift();
      if (!next) {
        await new Promise<void>((r) => this.sleepers.push(r));
        continue;
      }
      this.queued.delete(next.id);
      let done = false;
      try {
        done = await this.dispatch(next.id, { missingIsFinal: false });
      } catch (e) {
        this.logger.warn(`event ${next.id}: ${(e as Error).message}`);
      }
      if (!done && next.attempt < 6 && !this.closing) {
        setTimeout(() => this.enqueue(next.id, next.attempt + 1), 50 * 2 ** next.attempt).unref();
      }
    }
  }

  /**
   * Claims the event (a lease of a few minutes, so no other runner starts it meanwhile), runs every handler, then
   * marks it dispatched. Returns false when the event is not visible yet (its transaction has not committed); the
   * job form throws instead, so pg-boss retries. An event held by another runner counts as handled here.
   */
  async dispatch(id: string, opts: { missingIsFinal?: boolean } = {}): Promise<boolean> {
    const conn = this.orm.em.getConnection();
    const claim = () =>
      conn.execute<{ topic: string; payload: unknown; created_at: Date }[]>(
        `update event_outbox set locked_until = now() + interval '${LEASE_SECONDS} seconds', attempts = attempts + 1
          where id = ? and dispatched_at is null and (locked_until is null or locked_until < now()) returning topic, payload, created_at`,
        [id],
      );
    let claimed = await claim();
    if (!claimed.length) {
      const state = await conn.execute<{ free: boolean }[]>(
        'select dispatched_at is null and (locked_until is null or locked_until < now()) as free from event_outbox where id = ?',
        [id],
      );
      if (!state.length) {
        if (opts.missingIsFinal === false) return false;
        throw new Error(`event ${id} is not visible yet`);
      }
      if (!state[0].free) return true; // dispatched, or held by another runner
      claimed = await claim(); // committed between the two reads
      if (!claimed.length) return true;
    }
    const event = claimed[0];
    const payload = typeof event.payload === 'string' ? JSON.parse(event.payload) : event.payload;
    try {
      for (const handler of this.handlers.get(event.topic as DurableTopic) ?? []) {
        await RequestContext.create(this.orm.em, () => (handler as Handler<DurableTopic>)(payload as never, { eventId: id, createdAt: new Date(event.created_at) }));
      }
    } catch (e) {
      await conn.execute('update event_outbox set locked_until = null where id = ?', [id]).catch(() => undefined);
      throw e;
    }
    await conn.execute('update event_outbox set dispatched_at = now(), locked_until = null where id = ?', [id]);
    return true;
  }

  /**
   * Events whose dispatch never finished (a server stopped after commit, a handler failing): queued again unless a
   * runner holds them; after MAX_ATTEMPTS they stay undispatched for an operator to look at. Old dispatched ones go.
   */
  @Interval('event-outbox-sweeper', SWEEP_AFTER_MS)
  async sweep(): Promise<void> {
    if (this.closing) return;
    const conn = this.orm.em.getConnection();
    const stuck = await conn.execute<{ id: string }[]>(
      `select id from event_outbox where dispatched_at is null and created_at <= now() - interval '${SWEEP_AFTER_MS / 1000} seconds'
          and (locked_until is null or locked_until < now()) and attempts < ? order by created_at limit 200`,
      [MAX_ATTEMPTS],
    );
    for (const e of stuck) this.queue(e.id, this.jobs.running);
    await conn.execute(`delete from event_outbox where dispatched_at <= now() - interval '7 days'`);
  }

  /** Lets the in-process dispatcher finish its current event, so that nothing runs on a closed pool. */
  async onApplicationShutdown(): Promise<void> {
    this.closing = true;
    for (const wake of this.sleepers.splice(0)) wake();
    await Promise.race([this.loop, new Promise((r) => setTimeout(r, 5000).unref())]);
  }
}
