import { Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { PgNotifier } from './pg-notifier.js';

/**
 * A value every server process keeps in memory, copied from the database: read at bootstrap, applied from a change
 * notice (PgNotifier, so every process follows a change within a second) and then read again, read again after the
 * notice listener reconnects (notices sent meanwhile were missed) and every `reloadMs`. A read that finishes after a
 * newer read started, or after a change was applied, is dropped; a read that fails keeps the last known value.
 */
export abstract class ProcessReplica<T> implements OnApplicationBootstrap, OnApplicationShutdown {
  protected readonly logger: Logger;
  /** Bumped by every read started and every change applied. */
  private generation = 0;
  private timer?: ReturnType<typeof setInterval>;

  protected constructor(
    protected value: T,
    private readonly notifier: PgNotifier,
    private readonly topic: string,
    private readonly reloadMs: number,
    name: string,
  ) {
    this.logger = new Logger(name);
  }

  /** The value as the database holds it now. */
  protected abstract read(): Promise<T>;
  /** A notice's change applied to the value, or undefined when the notice is not one this replica can read. */
  protected abstract fromNotice(notice: unknown, value: T): T | undefined;
  /** What a failed read is logged as: "could not read <what>". */
  protected abstract readonly what: string;

  async onApplicationBootstrap(): Promise<void> {
    this.notifier.on(this.topic, (payload) => this.onNotice(payload));
    this.notifier.onConnect(() => void this.reload());
    await this.reload();
    this.timer = setInterval(() => void this.reload(), this.reloadMs);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
  }

  /** Re-reads the value from the database; keeps the last known one when the read fails. */
  async reload(): Promise<void> {
    const mine = ++this.generation;
    try {
      const next = await this.read();
      if (mine !== this.generation) return;
      this.replace(next);
    } catch (e) {
      this.logger.warn(`could not read ${this.what}: ${(e as Error).message}`);
    }
  }

  /** A change was written (call after its transaction committed): applied here at once, and told to every process. */
  protected async publish(next: T, notice: unknown): Promise<void> {
    this.generation++;
    this.replace(next);
    await this.notifier.publish(this.topic, JSON.stringify(notice));
  }

  /** Every change of the value goes through here (a subclass may log a switch). */
  protected replace(next: T): void {
    this.value = next;
  }

  private onNotice(payload: string): void {
    try {
      const next = this.fromNotice(JSON.parse(payload) as unknown, this.value);
      if (next !== undefined) {
        this.generation++;
        this.replace(next);
      }
    } catch {
      // Not ours to read: the full reload below settles it.
    }
    void this.reload();
  }
}
