import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { Feedback, FEEDBACK_PER_HOUR, TooMuchFeedback } from '../domain/feedback.js';

export interface FeedbackPage {
  items: Feedback[];
  nextCursor: string | null;
}

@Injectable()
export class SubmitFeedbackUseCase {
  constructor(private readonly em: EntityManager) {}

  /** Counts and inserts under a per-user lock, so a burst of requests cannot pass the hourly limit. */
  async execute(userId: string, message: unknown): Promise<Feedback> {
    const feedback = Feedback.submit(userId, message);
    return this.em.transactional(async (tx) => {
      await tx.execute('select pg_advisory_xact_lock(hashtext(?))', [`feedback:${userId}`]);
      const recent = await tx.count(Feedback, { userId, createdAt: { $gt: new Date(Date.now() - 3600_000) } });
      if (recent >= FEEDBACK_PER_HOUR) throw TooMuchFeedback();
      tx.persist(feedback);
      return feedback;
    });
  }
}

/** Newest first, keyset-paginated on (created_at, id). */
@Injectable()
export class ListFeedbackQuery {
  constructor(private readonly em: EntityManager) {}

  async execute(limit: number, cursor: string | undefined): Promise<FeedbackPage> {
    const where: object[] = [];
    const decoded = cursor ? decodeCursor(cursor) : null;
    if (decoded) where.push({ $or: [{ createdAt: { $lt: decoded.at } }, { createdAt: decoded.at, id: { $lt: decoded.id } }] });
    const items = await this.em.find(Feedback, where.length ? { $and: where } : {}, { orderBy: { createdAt: 'desc', id: 'desc' }, limit: limit + 1 });
    const more = items.length > limit;
    const page = items.slice(0, limit);
    const last = page[page.length - 1];
    return { items: page, nextCursor: more && last ? Buffer.from(`${last.createdAt.toISOString()}|${last.id}`).toString('base64url') : null };
  }
}

function decodeCursor(cursor: string): { at: Date; id: string } | null {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const date = new Date(at);
  return Number.isNaN(date.getTime()) || !/^[0-9a-f-]{36}$/.test(id ?? '') ? null : { at: date, id };
}
