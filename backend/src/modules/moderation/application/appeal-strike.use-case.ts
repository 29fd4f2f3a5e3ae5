import { Inject, Injectable } from '@nestjs/common';
import { isUuid } from '../../../common/keyset.js';
import { moderationErrors } from '../domain/moderation.errors.js';
import { CLOCK, MODERATION_UNIT_OF_WORK, STRIKES, type Clock, type ModerationUnitOfWork, type StrikeRepository } from '../domain/ports.js';
import { strikeView, type StrikeView } from './views.js';

/** A struck user appeals their strike: once, within 20 days, while it is active (under the strike's row lock). */
@Injectable()
export class AppealStrikeUseCase {
  constructor(
    @Inject(STRIKES) private readonly strikes: StrikeRepository,
    @Inject(MODERATION_UNIT_OF_WORK) private readonly uow: ModerationUnitOfWork,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute(userId: string, strikeId: string, message: string): Promise<StrikeView> {
    if (!isUuid(strikeId)) throw moderationErrors.strikeNotFound();
    return this.uow.inTransaction(async () => {
      const s = await this.strikes.find(strikeId.toLowerCase(), { lock: true });
      // Someone else's strike is as if it did not exist.
      if (!s || s.userId !== userId) throw moderationErrors.strikeNotFound();
      const now = this.clock.now();
      s.fileAppeal(message, now);
      await this.strikes.save(s);
      return strikeView(s, now);
    });
  }
}
