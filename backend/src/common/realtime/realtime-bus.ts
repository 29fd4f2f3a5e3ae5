import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { createClient, type RedisClientType } from 'redis';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { PgNotifier } from '../database/pg-notifier.js';

/** Carries small JSON messages to every server process: PostgreSQL NOTIFY by default, Redis pub/sub when configured. */
export interface RealtimeBus {
  readonly name: 'postgres' | 'redis';
  publish(channel: string, message: unknown): Promise<void>;
  subscribe(channel: string, handler: (message: unknown) => void): void;
}

export const REALTIME_BUS = Symbol('RealtimeBus');
/** NOTIFY payloads are limited to 8000 bytes; messages stay well under it whichever bus runs. */
export const MAX_BUS_MESSAGE_BYTES = 7000;

function encode(message: unknown): string {
  const text = JSON.stringify(message);
  if (Buffer.byteLength(text) > MAX_BUS_MESSAGE_BYTES) throw new Error(`realtime message of ${Buffer.byteLength(text)} bytes is too large`);
  return text;
}

function decoder(handler: (message: unknown) => void, logger: Logger) {
  return (text: string) => {
    try {
      handler(JSON.parse(text));
    } catch (e) {
      logger.warn(`realtime message dropped: ${(e as Error).message}`);
    }
  };
}

@Injectable()
export class PgRealtimeBus implements RealtimeBus {
  readonly name = 'postgres' as const;
  private readonly logger = new Logger('RealtimeBus');
  constructor(private readonly notifier: PgNotifier) {}

  async publish(channel: string, message: unknown): Promise<void> {
    await this.notifier.publish(`rt:${channel}`, encode(message));
  }

  subscribe(channel: string, handler: (message: unknown) => void): void {
    this.notifier.on(`rt:${channel}`, decoder(handler, this.logger));
  }

}

@Injectable()
export class RedisRealtimeBus implements RealtimeBus, OnApplicationBootstrap, OnApplicationShutdown {
  readonly name = 'redis' as const;
  private readonly logger = new Logger('RealtimeBus');
  private readonly pub: RedisClientType;
  private readonly sub: RedisClientType;
  private readonly pending = new Map<string, ((text: string) => void)[]>();
  private connected = false;

  constructor(url: string) {
    this.pub = createClient({ url });
    this.sub = this.pub.duplicate();
    for (const c of [this.pub, this.sub]) c.on('error', (e: Error) => this.logger.warn(`redis: ${e.message}`));
  }

  async onApplicationBootstrap(): Promise<void> {
    await Promise.all([this.pub.connect(), this.sub.connect()]);
    this.connected = true;
    for (const [channel, handlers] of this.pending) for (const h of handlers) await this.sub.subscribe(`scriven:${channel}`, h);
    this.pending.clear();
  }

  async publish(channel: string, message: unknown): Promise<void> {
    await this.pub.publish(`scriven:${channel}`, encode(message));
  }

  subscribe(channel: string, handler: (message: unknown) => void): void {
    const h = decoder(handler, this.logger);
    if (this.connected) void this.sub.subscribe(`scriven:${channel}`, h);
    else this.pending.set(channel, [...(this.pending.get(channel) ?? []), h]);
  }


  async onApplicationShutdown(): Promise<void> {
    this.connected = false;
    await Promise.allSettled([this.pub.close(), this.sub.close()]);
  }
}

export const realtimeBusProvider = {
  provide: REALTIME_BUS,
  inject: [APP_CONFIG, PgNotifier],
  useFactory: (config: AppConfig, notifier: PgNotifier): RealtimeBus => (config.redisUrl ? new RedisRealtimeBus(config.redisUrl) : new PgRealtimeBus(notifier)),
};
