import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { Feedback } from '../domain/feedback.js';

/** A user's feedback, oldest first, as their data export lists it. */
@Injectable()
export class UserFeedbackQuery {
  constructor(private readonly em: EntityManager) {}

  async execute(userId: string): Promise<{ message: string; created_at: string }[]> {
    const items = await this.em.find(Feedback, { userId }, { orderBy: { createdAt: 'asc' } });
    return items.map((f) => ({ message: f.message, created_at: f.createdAt.toISOString() }));
  }
}
