import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { Feedback } from '../domain/feedback.js';

/** The user is being deleted: their feedback stays for the admins, without its author. Joins the caller's unit of work. */
@Injectable()
export class DetachUserFeedbackUseCase {
  constructor(private readonly em: EntityManager) {}

  async execute(userId: string): Promise<void> {
    const items = await this.em.find(Feedback, { userId });
    for (const f of items) f.userId = null;
  }
}
