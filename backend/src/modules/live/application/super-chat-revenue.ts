import { Injectable } from '@nestjs/common';
import type { SuperChatRevenueReader } from '../domain/ports.js';

/**
 * Streams' Super Chat revenue (gross cents), read from the ledger by the reader monetization registers at start-up
 * (LiveFacade.useSuperChatRevenue): live keeps no money figures of its own. One read for a whole page of streams.
 */
@Injectable()
export class SuperChatRevenue {
  private reader: SuperChatRevenueReader | null = null;

  use(reader: SuperChatRevenueReader): void {
    this.reader = reader;
  }

  /** Cents per stream id (0 for a stream with none). */
  async of(streamIds: string[]): Promise<Map<string, number>> {
    const out = new Map(streamIds.map((id) => [id, 0]));
    if (!this.reader || !streamIds.length) return out;
    for (const [id, cents] of await this.reader(streamIds)) out.set(id, cents);
    return out;
  }

  async ofOne(streamId: string): Promise<number> {
    return (await this.of([streamId])).get(streamId) ?? 0;
  }
}
