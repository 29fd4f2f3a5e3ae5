import { Injectable, Logger } from '@nestjs/common';

/** Events one context raises and others react to, inside this process (cross-process effects use their own channel). */
export interface DomainEventMap {
  /** A user's active account changed (switch, or deletion of the active account). */
  'accounts.active-changed': { userId: string };
  /** Who may see an account's media changed (its profile or video visibility). */
  'accounts.visibility-changed': { accountId: string; visibility: 'public' | 'unlisted' | 'private' };
  /** A deleted account is being purged: every context removes what the account published. Handlers must succeed. */
  'accounts.purging': { accountId: string };
}

type Handler<K extends keyof DomainEventMap> = (payload: DomainEventMap[K]) => Promise<void> | void;

@Injectable()
export class DomainEvents {
  private readonly logger = new Logger('DomainEvents');
  private readonly handlers = new Map<keyof DomainEventMap, Handler<never>[]>();

  on<K extends keyof DomainEventMap>(event: K, handler: Handler<K>): void {
    const list = this.handlers.get(event) ?? [];
    list.push(handler as Handler<never>);
    this.handlers.set(event, list);
  }

  /** Runs every handler and fails if any fails: for work that must happen (a durable job then retries). */
  async publishStrict<K extends keyof DomainEventMap>(event: K, payload: DomainEventMap[K]): Promise<void> {
    for (const handler of this.handlers.get(event) ?? []) await (handler as Handler<K>)(payload);
  }

  /** Runs every handler; one failing handler is logged and does not stop the others. */
  async publish<K extends keyof DomainEventMap>(event: K, payload: DomainEventMap[K]): Promise<void> {
    for (const handler of this.handlers.get(event) ?? []) {
      try {
        await (handler as Handler<K>)(payload);
      } catch (e) {
        this.logger.error(`handler of ${event} failed: ${(e as Error).message}`);
      }
    }
  }
}
