import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { Cron } from '@nestjs/schedule';
import { RequestContext } from '@mikro-orm/core';
import { MikroORM } from '@mikro-orm/postgresql';
import { CatalogFacade } from '../../catalog/catalog.facade.js';
import { IdentityFacade } from '../../identity/identity.facade.js';
import { DurableEvents } from '../../../common/events/durable-events.js';
import { SocialFacade } from '../../social/social.facade.js';
import { drafts, NOTIFICATION_STORE, type NotificationStore } from '../domain/notification.js';
import { NotificationsService } from './notifications.service.js';

/** Followers are paged through in this many per insert: 100,000 followers are 20 statements. */
export const FANOUT_PAGE = 5000;

/**
 * Turns durable events into notifications. Handlers run at least once: each notification has a dedupe key, so a
 * re-run (a retried job, a sweeper) creates nothing twice and a fan-out cut off halfway resumes where it stopped.
 */
@Injectable()
export class NotificationEvents implements OnModuleInit {
  constructor(
    private readonly durable: DurableEvents,
    private readonly social: SocialFacade,
    private readonly notifications: NotificationsService,
    private readonly identity: IdentityFacade,
    private readonly catalog: CatalogFacade,
    @Inject(NOTIFICATION_STORE) private readonly store: NotificationStore,
    private readonly orm: MikroORM,
  ) {}

  @Cron('41 3 * * *', { name: 'notifications-prune' })
  async prune(): Promise<void> {
    await RequestContext.create(this.orm.em, () => this.store.prune()).catch(() => undefined);
  }

  onModuleInit(): void {
    this.durable.on('social.followed', async ({ followerId, followeeId }) => {
      // Unfollowed again before this ran, or a hidden follower: nothing to say.
      if (!(await this.social.isFollowing(followerId, followeeId))) return;
      const name = await this.social.visibleName(followerId);
      if (name) await this.notifications.notify(followeeId, drafts.newFollower(followerId, name));
    });
    this.durable.on('catalog.media-published', async ({ mediaId, userId, kind, title }) => {
      const creator = await this.social.visibleName(userId);
      if (creator) await this.fanOut(userId, drafts.newUpload(mediaId, kind, creator, title));
    });
    // A comment deleted before this ran tells no one.
    this.durable.on('catalog.comment-posted', async (p) => {
      if (await this.catalog.commentExists(p.commentId)) await this.notifications.notify(p.recipientUserId, drafts.comment(p));
    });
    // A deleted user's notifications go with them.
    this.durable.on('identity.user-changed', async ({ userId }) => {
      if (!(await this.identity.exists(userId))) await this.store.removeAllOf(userId);
    });
    this.durable.on('live.super-chat-received', (p) => this.notifications.notify(p.streamerUserId, drafts.superChat(p)));
    this.durable.on('money.membership-started', (p) => this.notifications.notify(p.ownerUserId, drafts.membership(p)));
    this.durable.on('money.payout-status-changed', (p) => this.notifications.notify(p.userId, drafts.payout(p)));
    this.durable.on('moderation.report-resolved', (p) => this.notifications.notify(p.reporterUserId, drafts.reportResolved(p)));
    // Keyed by the event: the same content removed again after an overturned appeal is told again.
    this.durable.on('moderation.content-removed', (p, meta) => this.notifications.notify(p.ownerUserId, drafts.contentRemoved({ ...p, removalId: meta.eventId })));
    this.durable.on('moderation.strike-issued', (p) => this.notifications.notify(p.userId, drafts.strike(p)));
    this.durable.on('moderation.appeal-decided', (p) => this.notifications.notify(p.userId, drafts.appealDecided(p)));
    this.durable.on('partner.decision', (p) => this.notifications.notify(p.userId, drafts.partnerDecision(p)));
    // Told once per tournament and step (the event comes on every change; the dedupe key keeps it to one each).
    this.durable.on('catalog.tournament-changed', async ({ tournamentId }) => {
      const t = await this.catalog.tournamentNews(tournamentId);
      if (!t || t.status === 'open') return;
      const event = t.status === 'in_progress' ? 'started' : t.status === 'cancelled' ? 'cancelled' : 'completed';
      for (const userId of t.participantIds) {
        const mine = event === 'completed' && userId === t.championId ? 'won' : event;
        await this.notifications.notify(userId, drafts.tournament({ tournamentId, name: t.name, event: mine, championName: t.championName, reason: t.cancelReason }));
      }
    });
  }

  /** Every follower of the creator, a page at a time. Returns how many notifications were created. */
  async fanOut(creatorId: string, draft: ReturnType<typeof drafts.newUpload>): Promise<number> {
    let after: string | null = null;
    let created = 0;
    for (;;) {
      const page = await this.social.followerIdsPage(creatorId, after, FANOUT_PAGE);
      if (!page.length) return created;
      created += await this.notifications.notifyMany(page, draft);
      after = page[page.length - 1];
      if (page.length < FANOUT_PAGE) return created;
    }
  }
}
