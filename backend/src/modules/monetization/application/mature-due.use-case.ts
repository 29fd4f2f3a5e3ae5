import { Inject, Injectable } from '@nestjs/common';
import { LEDGER, type Ledger } from '../domain/ledger.js';

const BATCH = 200;

/**
 * Matures every transaction whose 7 days are over: its pending funds become available. A batch at a time, each in its
 * own transaction (the ledger claims rows with SKIP LOCKED, so several processes can run this at once, and each
 * maturation has its own idempotency key).
 */
@Injectable()
export class MatureDueUseCase {
  constructor(@Inject(LEDGER) private readonly ledger: Ledger) {}

  async execute(now: Date): Promise<number> {
    let total = 0;
    for (;;) {
      const n = await this.ledger.matureDue(now, BATCH);
      total += n;
      if (n < BATCH) return total;
    }
  }
}
