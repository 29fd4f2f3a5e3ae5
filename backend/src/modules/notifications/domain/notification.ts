/** What a notification points at, so the app can open it. */
export interface NotificationLink {
  kind: string;
  id: string;
}

export type NotificationType =
  | 'new_follower'
  | 'new_upload'
  | 'new_comment'
  | 'comment_reply'
  | 'super_chat'
  | 'membership'
  | 'payout'
  | 'report_resolved'
  | 'partner_decision'
  | 'content_removed'
  | 'strike'
  | 'appeal_decided'
  | 'tournament';

export interface Notification {
  id: string;
  userId: string;
  type: NotificationType;
  title: string;
  message: string;
  link: NotificationLink | null;
  read: boolean;
  createdAt: Date;
}

/** A notification to create: one per user and dedupe key, however often its event is handled. */
export interface NotificationDraft {
  type: NotificationType;
  title: string;
  message: string;
  link: NotificationLink | null;
  dedupeKey: string;
}

export const NOTIFICATIONS_PAGE = 20;

function dollars(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

export const drafts = {
  newFollower: (followerId: string, name: string): NotificationDraft => ({
    type: 'new_follower',
    title: 'New follower',
    message: `${name} started following you`,
    link: { kind: 'user', id: followerId },
    dedupeKey: `follow:${followerId}`,
  }),
  newUpload: (mediaId: string, kind: string, creator: string, title: string): NotificationDraft => ({
    type: 'new_upload',
    title: kind === 'reel' ? 'New short' : kind === 'track' ? 'New track' : kind === 'episode' ? 'New episode' : 'New video',
    message: `${creator} uploaded "${clip(title, 200)}"`,
    link: { kind, id: mediaId },
    dedupeKey: `upload:${mediaId}`,
  }),
  /** A top-level comment on the recipient's item, or a reply to the recipient's comment. */
  comment: (p: { commentId: string; mediaId: string; kind: string; mediaTitle: string; isReply: boolean; authorName: string; excerpt: string }): NotificationDraft => ({
    type: p.isReply ? 'comment_reply' : 'new_comment',
    title: p.isReply ? 'New reply' : 'New comment',
    message: clip(
      p.isReply
        ? `${p.authorName} replied to your comment on "${clip(p.mediaTitle, 200)}": ${p.excerpt}`
        : `${p.authorName} commented on "${clip(p.mediaTitle, 200)}": ${p.excerpt}`,
      1000,
    ),
    link: { kind: p.kind, id: p.mediaId },
    dedupeKey: `comment:${p.commentId}`,
  }),
  superChat: (p: { superChatId: string; fromUsername: string; amountCents: number; message: string; streamId: string }): NotificationDraft => ({
    type: 'super_chat',
    title: 'New Super Chat',
    message: clip(`${p.fromUsername} sent ${dollars(p.amountCents)}${p.message ? `: ${p.message}` : ''}`, 1000),
    link: { kind: 'live', id: p.streamId },
    dedupeKey: `superchat:${p.superChatId}`,
  }),
  membership: (p: { membershipId: string; memberUsername: string; channelName: string; tier: string }): NotificationDraft => ({
    type: 'membership',
    title: 'New member',
    message: `${p.memberUsername} joined ${p.channelName} (${p.tier})`,
    link: { kind: 'membership', id: p.membershipId },
    dedupeKey: `membership:${p.membershipId}`,
  }),
  payout: (p: { payoutId: string; status: string; amountCents: number }): NotificationDraft => ({
    type: 'payout',
    title: `Payout ${p.status.replace(/_/g, ' ')}`,
    message: `Your payout of ${dollars(p.amountCents)} is ${p.status.replace(/_/g, ' ')}`,
    link: { kind: 'payout', id: p.payoutId },
    dedupeKey: `payout:${p.payoutId}:${p.status}`,
  }),
  /** A tournament the recipient joined started, was cancelled, or ended (the champion is told they won). */
  tournament: (p: { tournamentId: string; name: string; event: 'started' | 'cancelled' | 'won' | 'completed'; championName?: string | null; reason?: string | null }): NotificationDraft => ({
    type: 'tournament',
    title: { started: 'Tournament started', cancelled: 'Tournament cancelled', won: 'You won the tournament!', completed: 'Tournament completed' }[p.event],
    message: clip(
      {
        started: `${p.name} has started: the bracket is out.`,
        cancelled: `${p.name} was cancelled${p.reason ? `: ${p.reason}` : '.'}`,
        won: `You are the champion of ${p.name}.`,
        completed: `${p.name} is over: ${p.championName ?? 'a player'} is the champion.`,
      }[p.event],
      1000,
    ),
    link: { kind: 'tournament', id: p.tournamentId },
    dedupeKey: `tournament:${p.tournamentId}:${p.event === 'won' ? 'completed' : p.event}`,
  }),
  reportResolved: (p: { reportId: string; outcome: string }): NotificationDraft => ({
    type: 'report_resolved',
    title: 'Report resolved',
    message: `Thank you for your report. Outcome: ${p.outcome}`,
    link: { kind: 'report', id: p.reportId },
    dedupeKey: `report:${p.reportId}`,
  }),
  /** Moderation removed the recipient's item (or comment), with the admin's reason. */
  contentRemoved: (p: { removalId: string; contentType: string; contentId: string; reason: string; title: string | null }): NotificationDraft => ({
    type: 'content_removed',
    title: p.contentType === 'comment' ? 'Your comment was removed' : 'Your content was removed',
    message: clip(`${p.title ? `"${clip(p.title, 200)}" was removed` : 'It was removed'} for breaking the community guidelines: ${p.reason}`, 1000),
    link: { kind: 'strikes', id: p.contentId },
    dedupeKey: `removed:${p.removalId}`,
  }),
  /** A guideline strike on the recipient's channel, and until when it can be appealed. */
  strike: (p: { strikeId: string; reason: string; appealDeadline: string }): NotificationDraft => ({
    type: 'strike',
    title: 'Community guidelines strike',
    message: clip(`Your channel received a strike: ${p.reason}. It lasts 90 days; you can appeal it until ${p.appealDeadline.slice(0, 10)}.`, 1000),
    link: { kind: 'strikes', id: p.strikeId },
    dedupeKey: `strike:${p.strikeId}`,
  }),
  appealDecided: (p: { strikeId: string; decision: 'upheld' | 'overturned'; reason: string }): NotificationDraft => ({
    type: 'appeal_decided',
    title: p.decision === 'overturned' ? 'Appeal granted: strike removed' : 'Appeal rejected: strike stays',
    message: clip(
      p.decision === 'overturned'
        ? `Your appeal was granted; the strike is removed and anything removed with it is back: ${p.reason}`
        : `Your appeal was reviewed and the strike stays: ${p.reason}`,
      1000,
    ),
    link: { kind: 'strikes', id: p.strikeId },
    dedupeKey: `appeal:${p.strikeId}`,
  }),
  partnerDecision: (p: { applicationId: string; decision: 'approved' | 'rejected'; reason?: string }): NotificationDraft => ({
    type: 'partner_decision',
    title: p.decision === 'approved' ? 'Partner program: approved' : 'Partner program: not approved',
    message:
      p.decision === 'approved'
        ? 'Your partner program application was approved. You can now turn on monetization.'
        : `Your partner program application was not approved${p.reason ? `: ${clip(p.reason, 500)}` : '.'}`,
    link: { kind: 'partner', id: p.applicationId },
    dedupeKey: `partner:${p.applicationId}`,
  }),
};

export interface NotificationStore {
  list(userId: string, limit: number, cursor: string | undefined): Promise<{ items: Notification[]; nextCursor: string | null }>;
  unreadCount(userId: string): Promise<number>;
  unreadCounts(userIds: string[]): Promise<Map<string, number>>;
  /** The user's notification marked read; null when it is not theirs. */
  markRead(userId: string, id: string): Promise<Notification | null>;
  markAllRead(userId: string): Promise<number>;
  /** Creates it unless the user already has one with its dedupe key; returns it only when created. */
  create(userId: string, draft: NotificationDraft): Promise<Notification | null>;
  /** The same notification for many users at once; returns how many were new. */
  createMany(userIds: string[], draft: NotificationDraft): Promise<number>;
  byKeyFor(dedupeKey: string, userIds: string[]): Promise<Notification[]>;
  /** A deleted user's notifications. */
  removeAllOf(userId: string): Promise<void>;
  /** Read ones after 90 days, any after a year; returns how many went. */
  prune(): Promise<number>;
}

export const NOTIFICATION_STORE = Symbol('NotificationStore');
