import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { open, seal } from '../../../common/crypto/at-rest.js';
import { APP_CONFIG, type AppConfig } from '../../../common/config/config.js';
import { isUuid } from '../../../common/keyset.js';
import { APP_TOKEN_LIMITS, hashAppToken, type AppToken, type AppTokenRepository } from '../domain/app-token.js';

interface Row {
  id: string;
  user_id: string;
  name: string;
  created_at: Date;
  last_used_at: Date | null;
}

const toToken = (r: Row): AppToken => ({ id: r.id, userId: r.user_id, name: r.name, createdAt: new Date(r.created_at), lastUsedAt: r.last_used_at ? new Date(r.last_used_at) : null });

/**
 * `app_tokens` (SQL-owned): each token sealed under the server's at-rest key (MONEY_ENCRYPTION_KEY, or the one
 * generated into DATA_DIR/secrets) and found by its SHA-256 (hex, unique). Tokens never reach a log line.
 */
@Injectable()
export class PgAppTokens implements AppTokenRepository {
  private readonly secret: Buffer;

  constructor(
    private readonly em: EntityManager,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.secret = config.money.encryptionKey;
  }

  async list(userId: string): Promise<AppToken[]> {
    const rows = await this.em.execute<Row[]>('select id, user_id, name, created_at, last_used_at from app_tokens where user_id = ? order by created_at desc, id desc', [userId]);
    return rows.map(toToken);
  }

  async count(userId: string): Promise<number> {
    const [row] = await this.em.execute<{ n: string }[]>('select count(*) as n from app_tokens where user_id = ?', [userId]);
    return Number(row?.n ?? 0);
  }

  async lockUser(userId: string): Promise<void> {
    await this.em.execute('select pg_advisory_xact_lock(hashtext(?))', [`app-tokens:${userId}`]);
  }

  async add(t: AppToken, token: string): Promise<void> {
    await this.em.execute('insert into app_tokens (id, user_id, name, token_sealed, token_hash, created_at, last_used_at) values (?, ?, ?, ?, ?, ?, null)', [
      t.id,
      t.userId,
      t.name,
      seal(this.secret, token),
      hashAppToken(token),
      t.createdAt,
    ]);
  }

  async remove(userId: string, id: string): Promise<boolean> {
    if (!isUuid(id)) return false;
    const rows = await this.em.execute<{ id: string }[]>('delete from app_tokens where id = ? and user_id = ? returning id', [id, userId]);
    return rows.length > 0;
  }

  async removeAll(userId: string): Promise<void> {
    await this.em.execute('delete from app_tokens where user_id = ?', [userId]);
  }

  async byToken(token: string): Promise<{ id: string; userId: string } | null> {
    const [row] = await this.em.execute<{ id: string; user_id: string }[]>('select id, user_id from app_tokens where token_hash = ?', [hashAppToken(token)]);
    return row ? { id: row.id, userId: row.user_id } : null;
  }

  async tokensOfUser(displayName: string): Promise<{ userId: string; tokens: { id: string; token: string }[] } | null> {
    const [user] = await this.em.execute<{ id: string }[]>('select id from users where display_name_key = ?', [displayName.toLowerCase()]);
    if (!user) return null;
    const rows = await this.em.execute<{ id: string; token_sealed: string }[]>('select id, token_sealed from app_tokens where user_id = ? order by created_at limit ?', [user.id, APP_TOKEN_LIMITS.perUser]);
    return { userId: user.id, tokens: rows.map((r) => ({ id: r.id, token: open(this.secret, r.token_sealed) })) };
  }

  async touch(id: string, now: Date): Promise<void> {
    await this.em.execute(`update app_tokens set last_used_at = ? where id = ? and (last_used_at is null or last_used_at < ?::timestamptz - interval '1 minute')`, [now, id, now]);
  }
}
