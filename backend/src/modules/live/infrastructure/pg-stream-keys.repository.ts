import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { open, seal } from '../../../common/crypto/at-rest.js';
import { APP_CONFIG, type AppConfig } from '../../../common/config/config.js';
import type { StreamKeyRepository } from '../domain/ports.js';
import { hashStreamKey, newPublishToken, sameKey, streamOfPublishToken } from '../domain/stream-key.js';

/**
 * Stream keys in `live_stream_keys` (SQL-owned): found by their SHA-256 (unique), shown to their owner again from
 * `key_sealed`, AES-256-GCM under the server's at-rest key (MONEY_ENCRYPTION_KEY, or the one generated into
 * DATA_DIR/secrets). Keys never reach a log line.
 */
@Injectable()
export class PgStreamKeyRepository implements StreamKeyRepository {
  private readonly secret: Buffer;

  constructor(
    private readonly em: EntityManager,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.secret = config.money.encryptionKey;
  }

  async keyOf(userId: string): Promise<string | null> {
    const [row] = await this.em.execute<{ key_sealed: string }[]>('select key_sealed from live_stream_keys where user_id = ?', [userId]);
    return row ? open(this.secret, row.key_sealed) : null;
  }

  async addIfAbsent(userId: string, key: string, now: Date): Promise<void> {
    await this.em.execute('insert into live_stream_keys (user_id, key_hash, key_sealed, created_at) values (?, ?, ?, ?) on conflict (user_id) do nothing', [userId, hashStreamKey(key), seal(this.secret, key), now]);
  }

  async replace(userId: string, key: string, now: Date): Promise<void> {
    await this.em.execute(
      `insert into live_stream_keys (user_id, key_hash, key_sealed, created_at) values (?, ?, ?, ?)
       on conflict (user_id) do update set key_hash = excluded.key_hash, key_sealed = excluded.key_sealed, created_at = excluded.created_at`,
      [userId, hashStreamKey(key), seal(this.secret, key), now],
    );
  }

  async userOfKey(key: string): Promise<string | null> {
    const [row] = await this.em.execute<{ user_id: string; key_sealed: string }[]>('select user_id, key_sealed from live_stream_keys where key_hash = ?', [hashStreamKey(key)]);
    if (!row) return null;
    // The hash found it; the sealed key confirms it (in constant time), so a hash collision alone lets nobody in.
    return sameKey(key, open(this.secret, row.key_sealed)) ? row.user_id : null;
  }

  async stillValid(keys: string[]): Promise<Set<string>> {
    if (!keys.length) return new Set();
    const rows = await this.em.execute<{ key_sealed: string }[]>(
      `select key_sealed from live_stream_keys where key_hash = any(array(select decode(h, 'hex') from unnest(?::text[]) h))`,
      [`{${keys.map((k) => hashStreamKey(k).toString('hex')).join(',')}}`],
    );
    const current = rows.map((r) => open(this.secret, r.key_sealed));
    return new Set(keys.filter((k) => current.some((c) => sameKey(k, c))));
  }

  publishToken(streamId: string, now: Date): string {
    return newPublishToken(this.secret, streamId, now);
  }

  streamOfPublishToken(token: string, now: Date): string | null {
    return streamOfPublishToken(this.secret, token, now);
  }
}
