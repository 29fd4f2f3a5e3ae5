import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { Feedback } from './domain/feedback.js';

/** What other contexts may ask of System administration. Writes join the caller's unit of work. */
@Injectable()
export class SystemAdminFacade {
  constructor(private readonly em: EntityManager) {}

  async feedbackOf(userId: string): Promise<{ message: string; created_at: string }[]> {
    const items = await this.em.find(Feedback, { userId }, { orderBy: { createdAt: 'asc' } });
    return items.map((f) => ({ message: f.message, created_at: f.createdAt.toISOString() }));
  }

  /** The user is being deleted: their feedback stays for the admins, without its author. */
  async detachFeedbackOf(userId: string): Promise<void> {
    const items = await this.em.find(Feedback, { userId });
    for (const f of items) f.userId = null;
  }
}
