import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { FounderAccount } from '../domain/founder-account.js';
import type { FounderAccountStore } from '../domain/ports.js';

interface Row {
  id: string;
  email_hash: string;
  phone_hash: string;
  license_number_hash: string;
  username_hash: string;
  master_key_hash: string;
  token_version: number;
  created_at: Date;
  updated_at: Date;
}

const toAccount = (r: Row): FounderAccount => ({
  id: r.id,
  emailHash: r.email_hash,
  phoneHash: r.phone_hash,
  licenseNumberHash: r.license_number_hash,
  usernameHash: r.username_hash,
  masterKeyHash: r.master_key_hash,
  tokenVersion: Number(r.token_version),
  createdAt: new Date(r.created_at),
  updatedAt: new Date(r.updated_at),
});

/** The founder (SQL-owned table `founder_account`, one row at most). */
@Injectable()
export class PgFounderAccountStore implements FounderAccountStore {
  constructor(private readonly em: EntityManager) {}

  async get(): Promise<FounderAccount | null> {
    const rows = await this.em.execute<Row[]>('select * from founder_account where singleton');
    return rows[0] ? toAccount(rows[0]) : null;
  }

  async tokenState(): Promise<{ id: string; tokenVersion: number } | null> {
    const rows = await this.em.execute<{ id: string; token_version: number }[]>('select id, token_version from founder_account where singleton');
    return rows[0] ? { id: rows[0].id, tokenVersion: Number(rows[0].token_version) } : null;
  }

  async replace(h: { emailHash: string; phoneHash: string; licenseNumberHash: string; usernameHash: string; masterKeyHash: string }, now: Date): Promise<FounderAccount> {
    const rows = await this.em.execute<Row[]>(
      `insert into founder_account as f (id, singleton, email_hash, phone_hash, license_number_hash, username_hash, master_key_hash, token_version, created_at, updated_at)
       values (?, true, ?, ?, ?, ?, ?, 0, ?, ?)
       on conflict (singleton) do update set email_hash = excluded.email_hash, phone_hash = excluded.phone_hash,
         license_number_hash = excluded.license_number_hash, username_hash = excluded.username_hash, master_key_hash = excluded.master_key_hash,
         token_version = f.token_version + 1, updated_at = excluded.updated_at
       returning *`,
      [randomUUID(), h.emailHash, h.phoneHash, h.licenseNumberHash, h.usernameHash, h.masterKeyHash, now, now],
    );
    return toAccount(rows[0]);
  }
}
