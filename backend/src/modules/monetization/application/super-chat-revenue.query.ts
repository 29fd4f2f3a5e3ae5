import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { LiveFacade } from '../../live/live.facade.js';
import { LEDGER, type Ledger } from '../domain/ledger.js';

/**
 * Streams' Super Chat revenue from the ledger: the gross of the `super_chat` transactions referencing each stream, in
 * one grouped read for a page of streams. Registered with live at start-up (live shows it; the ledger holds it).
 */
@Injectable()
export class SuperChatRevenueQuery implements OnModuleInit {
  constructor(
    private readonly live: LiveFacade,
    @Inject(LEDGER) private readonly ledger: Ledger,
  ) {}

  onModuleInit(): void {
    this.live.useSuperChatRevenue((streamIds) => this.execute(streamIds));
  }

  /** Gross cents per stream id (streams without Super Chats are left out). */
  execute(streamIds: string[]): Promise<Map<string, number>> {
    return this.ledger.grossByReference('super_chat', streamIds);
  }
}
