import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import { DATABASE_URL } from './tokens.js';

type Handler = (payload: string) => void;
const CHANNEL = 'scriven_events';

/**
 * Fans small messages out to every server process through PostgreSQL LISTEN/NOTIFY.
 * Messages are `topic|payload`. Used for cache invalidation now, realtime fan-out later.
 */
@Injectable()
export class PgNotifier implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('PgNotifier');
  private readonly handlers = new Map<string, Set<Handler>>();
  private readonly connectHandlers = new Set<() => void>();
  private client?: pg.Client;
  private stopped = false;

  constructor(
    @Inject(DATABASE_URL) private readonly url: string,
    private readonly orm: MikroORM,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.listen();
  }

  /** Whether the listener is connected now (the admin console's status; false while it reconnects). */
  get listening(): boolean {
    return this.client !== undefined;
  }

  /** Called after every (re)connection of the listener: messages sent while it was down were missed. */
  onConnect(handler: () => void): void {
    this.connectHandlers.add(handler);
  }

  async listen(): Promise<void> {
    if (this.client || this.stopped) return;
    const client = new pg.Client({ connectionString: this.url });
    client.on('notification', (msg) => {
      if (!msg.payload) return;
      const bar = msg.payload.indexOf('|');
      const topic = msg.payload.slice(0, bar);
      const payload = msg.payload.slice(bar + 1);
      for (const h of this.handlers.get(topic) ?? []) h(payload);
    });
    client.on('error', (e) => {
      this.logger.warn(`listener lost: ${e.message}; reconnecting`);
      this.client = undefined;
      for (const h of this.connectHandlers) h();
      this.retry();
    });
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    this.client = client;
    for (const h of this.connectHandlers) h();
  }

  private retry(): void {
    if (this.stopped) return;
    setTimeout(() => void this.listen().catch(() => this.retry()), 1000).unref();
  }

  on(topic: string, handler: Handler): void {
    if (!this.handlers.has(topic)) this.handlers.set(topic, new Set());
    this.handlers.get(topic)!.add(handler);
  }

  async publish(topic: string, payload: string): Promise<void> {
    await this.orm.em.getConnection().execute('select pg_notify(?, ?)', [CHANNEL, `${topic}|${payload}`]);
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    await this.client?.end().catch(() => undefined);
  }
}
