import { Injectable } from '@nestjs/common';
import { AccountsFacade } from '../../accounts/accounts.facade.js';
import { CommentsFollowersOnly, CommentsOff } from '../domain/catalog.errors.js';
import type { FollowChecker } from '../domain/ports.js';

/**
 * Who may comment on a channel's items, by its comment_permissions: everyone, its followers ("subscribers"), or no
 * one. The owner always may. Following is the social context's: it registers its checker at start-up; until then
 * nobody counts as a follower (refusing is the safe side).
 */
@Injectable()
export class CommentAudience {
  private follows: FollowChecker = async () => false;

  constructor(private readonly accounts: AccountsFacade) {}

  useFollowChecker(checker: FollowChecker): void {
    this.follows = checker;
  }

  async check(item: { userId: string; accountId: string }, commenterId: string): Promise<void> {
    if (item.userId === commenterId) return;
    const permission = await this.accounts.commentPermission(item.accountId);
    if (permission === 'none') throw CommentsOff();
    if (permission === 'subscribers' && !(await this.follows(commenterId, item.userId))) throw CommentsFollowersOnly();
  }
}
