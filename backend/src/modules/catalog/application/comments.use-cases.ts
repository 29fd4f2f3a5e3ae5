import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { UnitOfWork } from '../../../common/database/unit-of-work.port.js';
import { DomainError } from '../../../common/errors/domain-error.js';
import { DurableEvents } from '../../../common/events/durable-events.js';
import { FeatureFlags } from '../../../common/features/feature-flags.js';
import { AccountsFacade } from '../../accounts/accounts.facade.js';
import { CommentNotFound, NoPublishingAccount, ReplyParentNotFound, ReplyToReply } from '../domain/catalog.errors.js';
import { COMMENT_REPOSITORY, MediaComment, type CommentOrder, type CommentRepository } from '../domain/comment.js';
import { commentText } from '../domain/comment-rules.js';
import type { Media, MediaKind } from '../domain/media.js';
import { MEDIA_REPOSITORY, type MediaRepository } from '../domain/ports.js';
import { CommentAudience } from './comment-audience.js';
import { MediaService } from './media.service.js';
import { CATALOG_UNIT_OF_WORK } from './tokens.js';

/** A comment as one viewer sees it: its author's account as it is now, and what the viewer may do with it. */
export interface CommentView {
  comment: MediaComment;
  /** The account that wrote it; null when that account no longer exists. */
  author: { handle: string; displayName: string; photoUrl: string | null } | null;
  liked: boolean;
  canEdit: boolean;
  canDelete: boolean;
}

export interface CommentViewPage {
  items: CommentView[];
  nextCursor: string | null;
}

const EXCERPT = 140;

/**
 * Comments on reels, videos and movies, one level of replies: who may read them is who may reach the item
 * (MediaService.reachable), who may write them the channel's comment_permissions (CommentAudience). Written as the
 * commenter's active account. The item's `comments` counter counts top-level comments and replies.
 */
@Injectable()
export class CommentsUseCases {
  constructor(
    @Inject(COMMENT_REPOSITORY) private readonly comments: CommentRepository,
    @Inject(MEDIA_REPOSITORY) private readonly media: MediaRepository,
    @Inject(CATALOG_UNIT_OF_WORK) private readonly uow: UnitOfWork,
    private readonly service: MediaService,
    private readonly accounts: AccountsFacade,
    private readonly audience: CommentAudience,
    private readonly durable: DurableEvents,
    private readonly features: FeatureFlags,
  ) {}

  /** Top-level comments of an item the viewer may reach. */
  async list(kind: MediaKind, mediaId: string, viewer: string | null, order: CommentOrder, limit: number, cursor?: string): Promise<CommentViewPage> {
    const m = await this.service.reachable(kind, mediaId, viewer);
    const page = await this.comments.listTopLevel(m.id, order, limit, cursor);
    return { items: await this.present(page.items, m, viewer), nextCursor: page.nextCursor };
  }

  /** Replies to a comment, oldest first (a reply has none). */
  async replies(commentId: string, viewer: string | null, limit: number, cursor?: string): Promise<CommentViewPage> {
    const { comment, media } = await this.reachableComment(commentId, viewer);
    const page = await this.comments.listReplies(comment.id, limit, cursor);
    return { items: await this.present(page.items, media, viewer), nextCursor: page.nextCursor };
  }

  /** A comment, or with parentId a reply to a top-level comment of the same item. */
  async post(kind: MediaKind, mediaId: string, userId: string, content: unknown, parentId?: string | null): Promise<CommentView> {
    const text = commentText(content);
    const m = await this.service.reachable(kind, mediaId, userId);
    await this.audience.check(m, userId);
    const parent = parentId ? await this.comments.find(parentId) : null;
    if (parentId && (!parent || parent.mediaId !== m.id)) throw ReplyParentNotFound();
    if (parent?.isReply) throw ReplyToReply();
    const account = await this.accounts.publishingAccount(userId);
    if (!account) throw NoPublishingAccount();
    const c = Object.assign(new MediaComment(), {
      id: randomUUID(),
      mediaId: m.id,
      parentId: parent?.id ?? null,
      userId,
      accountId: account.accountId,
      username: account.handle,
      content: text,
    });
    const recipient = parent ? parent.userId : m.userId;
    await this.uow.inTransaction(async () => {
      if (!(await this.comments.add(c))) throw ReplyParentNotFound();
      if (recipient !== userId) {
        this.durable.record('catalog.comment-posted', {
          commentId: c.id,
          mediaId: m.id,
          kind: m.kind,
          mediaTitle: m.title,
          recipientUserId: recipient,
          isReply: c.isReply,
          authorName: account.displayName,
          excerpt: text.length > EXCERPT ? `${text.slice(0, EXCERPT - 1)}…` : text,
        });
      }
      await this.uow.commit();
    });
    return (await this.present([c], m, userId))[0];
  }

  /** Its author only: anyone else is told it does not exist. */
  async edit(commentId: string, userId: string, content: unknown): Promise<CommentView> {
    const text = commentText(content);
    const { comment, media } = await this.reachableComment(commentId, userId);
    if (!comment.canEdit(userId)) throw CommentNotFound();
    const edited = await this.comments.edit(comment.id, text);
    if (!edited) throw CommentNotFound();
    return (await this.present([edited], media, userId))[0];
  }

  /** Its author or the item's owner; a top-level comment goes with its replies. */
  async remove(commentId: string, userId: string): Promise<void> {
    const { comment, media } = await this.reachableComment(commentId, userId);
    if (!comment.canDelete(userId, media.userId)) throw CommentNotFound();
    const removed = await this.uow.inTransaction(() => this.comments.remove(comment.id));
    if (!removed) throw CommentNotFound();
  }

  async like(commentId: string, userId: string): Promise<{ liked: boolean; likeCount: number }> {
    const { comment } = await this.reachableComment(commentId, userId);
    const state = await this.comments.toggleLike(comment.id, userId);
    if (!state) throw CommentNotFound();
    return state;
  }

  async exists(commentId: string): Promise<boolean> {
    return (await this.comments.find(commentId)) !== null;
  }

  /**
   * Exists, and its item is one the viewer may reach; otherwise 'Comment not found'. A reel's comment while the `reels`
   * feature is off answers the feature's 503, as every reels route does (replies, edit, delete, like).
   */
  private async reachableComment(id: string, viewer: string | null): Promise<{ comment: MediaComment; media: Media }> {
    const comment = await this.comments.find(id);
    const item = comment ? await this.media.find(comment.mediaId) : null;
    if (!comment || !item) throw CommentNotFound();
    if (item.kind === 'reel') this.features.assertEnabled('reels');
    try {
      return { comment, media: await this.service.reachable(item.kind, item.id, viewer) };
    } catch (e) {
      if (e instanceof DomainError && e.kind === 'not_found') throw CommentNotFound();
      throw e;
    }
  }

  /** A page in one pass: the authors' accounts in one query, the viewer's likes in another. */
  private async present(items: MediaComment[], m: Media, viewer: string | null): Promise<CommentView[]> {
    const [authors, liked] = await Promise.all([
      this.accounts.summaries(items.map((c) => c.accountId)),
      this.comments.likedBy(items.map((c) => c.id), viewer),
    ]);
    return items.map((comment) => {
      const a = authors.get(comment.accountId);
      return {
        comment,
        author: a ? { handle: a.handle, displayName: a.displayName, photoUrl: a.photoUrl } : null,
        liked: liked.has(comment.id),
        canEdit: comment.canEdit(viewer),
        canDelete: comment.canDelete(viewer, m.userId),
      };
    });
  }
}
