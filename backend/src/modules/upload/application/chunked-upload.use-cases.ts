import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import pg from 'pg';
import { DATABASE_URL } from '../../../common/database/tokens.js';
import { Interval } from '@nestjs/schedule';
import { RequestContext } from '@mikro-orm/core';
import { MikroORM } from '@mikro-orm/postgresql';
import type { Readable } from 'node:stream';
import { APP_CONFIG, type AppConfig } from '../../../common/config/config.js';
import type { UnitOfWork } from '../../../common/database/unit-of-work.port.js';
import { sniffVideo } from '../../../common/storage/sniff.js';
import { CatalogFacade, type VideoView } from '../../catalog/catalog.facade.js';
import { IdentityFacade } from '../../identity/identity.facade.js';
import { DomainError } from '../../../common/errors/domain-error.js';
import { UploadErrors, UploadSession } from '../domain/upload-session.js';
import { CHUNK_STORE, SESSION_REPOSITORY, UPLOAD_UNIT_OF_WORK, type ChunkStore, type SessionRepository } from '../domain/ports.js';


@Injectable()
export class UploadSessions {
  constructor(
    @Inject(SESSION_REPOSITORY) private readonly sessions: SessionRepository,
    ) {}

  /** The user's own session; anyone else's looks like no session at all. */
  async owned(id: string, userId: string): Promise<UploadSession> {
    const s = await this.sessions.find(id);
    if (!s || s.userId !== userId) throw UploadErrors.notFound();
    return s;
  }
}

@Injectable()
export class InitUploadUseCase {
  constructor(
    @Inject(SESSION_REPOSITORY) private readonly sessions: SessionRepository,
    @Inject(CHUNK_STORE) private readonly chunks: ChunkStore,
    @Inject(UPLOAD_UNIT_OF_WORK) private readonly uow: UnitOfWork,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly identity: IdentityFacade,
  ) {}

  /** Refused when the user already has too many uploads going, or when the disk could not hold this one. */
  async execute(userId: string, input: Record<string, unknown>): Promise<UploadSession> {
    const session = UploadSession.start(userId, input, this.config.uploads.chunkBytes);
    // Checked now, not after gigabytes have arrived.
    if (session.monetizationEnabled && !(await this.identity.isCreator(userId))) {
      throw new DomainError('forbidden', 'CATALOG.MONETIZATION_NOT_ALLOWED', 'Monetization is available to creator program members only');
    }
    return this.uow.inTransaction(async () => {
      await this.uow.lockUser(userId);
      if ((await this.sessions.activeOf(userId)) >= this.config.uploads.maxSessionsPerUser) throw UploadErrors.tooMany();
      // Only the user's own unfinished uploads are set against the free space: nobody can reserve the disk from others
      // by opening sessions. Every chunk checks the free space again before it is written.
      const free = await this.chunks.freeBytes();
      if (free - (await this.sessions.outstandingBytesOf(userId)) < session.totalSize + this.config.uploads.diskReserveBytes) throw UploadErrors.noSpace();
      await this.chunks.create(session.id, session.totalSize);
      this.sessions.add(session);
      try {
        await this.uow.commit();
      } catch (e) {
        await this.chunks.remove(session.id);
        throw e;
      }
      return session;
    });
  }
}

/**
 * Coordination of one session's requests, in this process and across server processes (PostgreSQL advisory locks):
 * at most MAX_PARALLEL chunk writes at once, and completion or cancellation waits for them and refuses new ones (so no
 * write can land in a file already handed over).
 */
@Injectable()
export class SessionGate implements OnApplicationShutdown {
  /** Bounds the memory one session can hold (a chunk being written holds at most ~8 MiB: batches pending and at the disk). */
  static readonly MAX_PARALLEL = 16;
  private readonly writers = new Map<string, number>();
  private readonly closing = new Map<string, Promise<unknown>>();
  /**
   * The gate across server processes: a chunk being written holds a shared advisory lock on its session and one of
   * MAX_PARALLEL slot locks; completing or cancelling takes the session's lock exclusively. Every lock of this process
   * is held on this one connection (`application_name` scriven-upload-gate), which is used only for the short lock
   * and unlock statements, one at a time: a slow uploader holds a lock, never a connection. Advisory locks go with their
   * connection, so a worker that dies (or loses the connection) leaves no session locked.
   */
  private connecting?: Promise<pg.Client>;
  private current?: pg.Client;
  /** The slots this process holds on `current`, per session (its own locks never conflict with one another). */
  private readonly held = new Map<string, Set<number>>();
  /** The lock statements run one after another (the slot chosen depends on the ones taken before). */
  private queue: Promise<unknown> = Promise.resolve();
  private closed = false;

  constructor(@Inject(DATABASE_URL) private readonly url: string) {}

  async write<T>(id: string, fn: () => Promise<T>): Promise<T> {
    if (this.closing.has(id)) throw UploadErrors.finishing();
    const n = this.writers.get(id) ?? 0;
    if (n >= SessionGate.MAX_PARALLEL) throw UploadErrors.busy();
    this.writers.set(id, n + 1);
    try {
      const release = await this.enter(id);
      try {
        return await fn();
      } finally {
        // Before the answer: the client's next chunk finds the place free, in whichever process it lands.
        await release();
      }
    } finally {
      const left = (this.writers.get(id) ?? 1) - 1;
      if (left) this.writers.set(id, left);
      else this.writers.delete(id);
    }
  }

  /** Runs fn once no chunk of the session is being written; a second caller waits for the first, then runs. */
  async exclusive<T>(id: string, fn: () => Promise<T>): Promise<T> {
    for (let before = this.closing.get(id); before; before = this.closing.get(id)) await before.catch(() => undefined);
    const run = (async () => {
      for (let waited = 0; (this.writers.get(id) ?? 0) > 0 && waited < 60_000; waited += 20) await new Promise((r) => setTimeout(r, 20));
      const release = await this.lockExclusively(id);
      try {
        return await fn();
      } finally {
        release();
      }
    })();
    this.closing.set(id, run);
    try {
      return await run;
    } finally {
      if (this.closing.get(id) === run) this.closing.delete(id);
    }
  }

  /** The lock connection, connected on first use and again after it was lost. */
  private connection(): Promise<pg.Client> {
    if (this.closed) return Promise.reject(new Error('shutting down'));
    this.connecting ??= (async () => {
      // A writer that cannot get the connection within 5 s is told the upload is busy (its client retries the chunk).
      const client = new pg.Client({ connectionString: this.url, application_name: 'scriven-upload-gate', connectionTimeoutMillis: 5_000, query_timeout: 10_000 });
      const lost = () => this.lose(client);
      client.on('error', lost);
      client.on('end', lost);
      await client.connect();
      this.current = client;
      return client;
    })().catch((e: unknown) => {
      this.connecting = undefined;
      throw e;
    });
    return this.connecting;
  }

  /** The connection is gone, and every lock it held with it. */
  private lose(client: pg.Client): void {
    if (this.current !== client) return;
    this.current = undefined;
    this.connecting = undefined;
    this.held.clear();
    void client.end().catch(() => undefined);
  }

  /** Runs `step` after the lock statements queued before it. */
  private serially<T>(step: () => Promise<T>): Promise<T> {
    const run = this.queue.then(step, step);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** A writer's locks (any process): refused while the session is completed or cancelled, or when MAX_PARALLEL write. */
  private enter(id: string): Promise<() => Promise<void>> {
    return this.serially(async () => {
      const client = await this.connection().catch(() => {
        throw UploadErrors.busy();
      });
      // This connection's own slots are skipped (in a CASE, so never tried: retaking a lock one holds succeeds again).
      const mine = this.held.get(id) ?? new Set<number>();
      let row: { open: boolean; slot: number | null };
      try {
        [row] = (
          await client.query<{ open: boolean; slot: number | null }>(
            `select pg_try_advisory_lock_shared(hashtext('upload:' || $1)::bigint) as open,
                    (select s from generate_series(0, ${SessionGate.MAX_PARALLEL - 1}) s
                      where case when s = any($2::int[]) then false else pg_try_advisory_lock(hashtext('upload-slot:' || $1), s) end limit 1) as slot`,
            [id, [...mine]],
          )
        ).rows;
      } catch {
        this.lose(client);
        throw UploadErrors.busy();
      }
      if (!row.open || row.slot === null) {
        await client
          .query(`select case when $2 then pg_advisory_unlock_shared(hashtext('upload:' || $1)::bigint) end, case when $3::int is not null then pg_advisory_unlock(hashtext('upload-slot:' || $1), $3::int) end`, [id, row.open, row.slot])
          .catch(() => this.lose(client));
        throw row.open ? UploadErrors.busy() : UploadErrors.finishing();
      }
      const slot = row.slot;
      mine.add(slot);
      this.held.set(id, mine);
      return () =>
        this.serially(async () => {
          if (this.current !== client) return; // lost meanwhile: the locks went with it
          const set = this.held.get(id);
          set?.delete(slot);
          if (set && !set.size) this.held.delete(id);
          await client
            .query(`select pg_advisory_unlock_shared(hashtext('upload:' || $1)::bigint), pg_advisory_unlock(hashtext('upload-slot:' || $1), $2::int)`, [id, slot])
            .catch(() => this.lose(client));
        });
    });
  }

  /**
   * The session's lock, exclusively: tried every 50 ms (each try a short statement on the lock connection) until the
   * writers of every process are done, for up to 60 s, then goes on as before.
   */
  private async lockExclusively(id: string): Promise<() => void> {
    for (const end = Date.now() + 60_000; Date.now() < end; await new Promise((r) => setTimeout(r, 50))) {
      const got = await this.serially(async () => {
        const client = await this.connection();
        const [row] = (await client.query<{ ok: boolean }>(`select pg_try_advisory_lock(hashtext('upload:' || $1)::bigint) as ok`, [id])).rows;
        return row.ok ? client : null;
      });
      if (got) {
        return () =>
          void this.serially(async () => {
            if (this.current === got) await got.query(`select pg_advisory_unlock(hashtext('upload:' || $1)::bigint)`, [id]).catch(() => this.lose(got));
          });
      }
    }
    // A writer is stuck: go on, as the in-process gate does.
    return () => undefined;
  }

  async onApplicationShutdown(): Promise<void> {
    this.closed = true;
    const client = this.current;
    this.current = undefined;
    await client?.end().catch(() => undefined);
  }
}

@Injectable()
export class ReceiveChunkUseCase {
  constructor(
    private readonly owned: UploadSessions,
    @Inject(SESSION_REPOSITORY) private readonly sessions: SessionRepository,
    @Inject(CHUNK_STORE) private readonly chunks: ChunkStore,
    private readonly gate: SessionGate,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Writes the chunk at its offset. A chunk counts only once all its bytes are on disk; a repeat first un-counts it,
   * so a repeat cut short can never leave a half-written chunk counted. Chunk 0 must begin a video file.
   */
  async execute(userId: string, sessionId: string, rawIndex: unknown, data: Readable): Promise<{ session: UploadSession; index: number; count: number }> {
    const session = await this.owned.owned(sessionId, userId);
    session.assertWritable();
    const index = session.checkIndex(rawIndex);
    if ((await this.chunks.freeBytes()) < session.lengthOf(index) + this.config.uploads.diskReserveBytes) throw UploadErrors.noSpace();
    return this.gate.write(session.id, () => this.write(session, index, data));
  }

  private async write(session: UploadSession, index: number, data: Readable): Promise<{ session: UploadSession; index: number; count: number }> {
    await this.sessions.clearReceived(session.id, index);
    const head = await this.chunks.writeAt(session.id, session.offsetOf(index), session.lengthOf(index), data);
    if (index === 0) {
      const container = sniffVideo(head);
      if (!container) throw UploadErrors.notVideo();
      await this.sessions.setContainer(session.id, container);
    }
    const count = await this.sessions.markReceived(session.id, index);
    if (count === null) throw UploadErrors.expired();
    return { session, index, count };
  }
}

@Injectable()
export class CompleteUploadUseCase {
  constructor(
    private readonly owned: UploadSessions,
    @Inject(UPLOAD_UNIT_OF_WORK) private readonly uow: UnitOfWork,
    @Inject(CHUNK_STORE) private readonly chunks: ChunkStore,
    private readonly catalog: CatalogFacade,
    private readonly gate: SessionGate,
  ) {}

  /**
   * Checks every chunk is there and hands the file to the catalog as a new video, in one transaction. Idempotent. The
   * catalog links the file rather than moving it, so until this transaction commits the upload is intact: a failure
   * or a crash before then leaves the session active with every chunk, and completing again works.
   */
  async execute(userId: string, sessionId: string): Promise<VideoView> {
    await this.owned.owned(sessionId, userId);
    const result = await this.gate.exclusive(sessionId, () => this.uow.inTransaction(async (): Promise<{ created: VideoView } | { existing: string }> => {
      await this.uow.lockUser(userId);
      const session = await this.owned.owned(sessionId, userId);
      if (session.status === 'completed' && session.videoId) return { existing: session.videoId };
      session.assertWritable();
      const missing = session.totalChunks - session.receivedCount;
      if (missing > 0) throw UploadErrors.incomplete(missing);
      if (!session.container) throw UploadErrors.notVideo();
      await this.chunks.sync(session.id);
      const published = await this.catalog.publishVideo(
        userId,
        { title: session.title, description: session.description, isVertical: session.isVertical, monetizationEnabled: session.monetizationEnabled },
        { path: this.chunks.path(session.id), size: session.totalSize, container: session.container },
        session.id,
      );
      session.status = 'completed';
      session.videoId = published.id;
      session.lastActivityAt = new Date();
      await this.uow.commit();
      return { created: published.response };
    }));
    if ('created' in result) {
      // Committed: the video holds its own link to the bytes. (A crash before this leaves an orphan part file, which
      // the temporary-files sweeper removes.)
      await this.chunks.remove(sessionId);
      return result.created;
    }
    const video = await this.catalog.video(userId, result.existing);
    if (!video) throw UploadErrors.notFound();
    return video;
  }
}

@Injectable()
export class CancelUploadUseCase {
  constructor(
    private readonly owned: UploadSessions,
    @Inject(UPLOAD_UNIT_OF_WORK) private readonly uow: UnitOfWork,
    @Inject(CHUNK_STORE) private readonly chunks: ChunkStore,
    private readonly gate: SessionGate,
    private readonly catalog: CatalogFacade,
  ) {}

  async execute(userId: string, sessionId: string): Promise<void> {
    await this.owned.owned(sessionId, userId);
    await this.gate.exclusive(sessionId, async () => {
      // Under the user's lock, like completion (in any process): a cancel never lands on an upload being published.
      const session = await this.uow.inTransaction(async () => {
        await this.uow.lockUser(userId);
        const s = await this.owned.owned(sessionId, userId);
        if (s.status === 'completed') throw UploadErrors.completed();
        s.status = 'cancelled';
        await this.uow.commit();
        return s;
      });
      await this.chunks.remove(session.id);
      await this.catalog.discardUnpublished(session.id, session.container);
    });
  }
}

/** Idle sessions expire after 24 hours; their files go. Safe with several processes (each session under its user's lock). */
@Injectable()
export class UploadSweeper {
  private readonly logger = new Logger('UploadSweeper');
  constructor(
    private readonly orm: MikroORM,
    @Inject(SESSION_REPOSITORY) private readonly sessions: SessionRepository,
    @Inject(CHUNK_STORE) private readonly chunks: ChunkStore,
    @Inject(UPLOAD_UNIT_OF_WORK) private readonly uow: UnitOfWork,
    private readonly catalog: CatalogFacade,
  ) {}

  @Interval('upload-expiry', 10 * 60_000)
  async sweep(now = new Date()): Promise<number> {
    return RequestContext.create(this.orm.em, async () => {
      const before = new Date(now.getTime() - 24 * 3600_000);
      let expired = 0;
      for (const idle of await this.sessions.idleSince(before, 200)) {
        // Each under its user's lock, like completion and cancel, and only if still idle once locked: an upload
        // completed meanwhile keeps its file.
        const ended = await this.uow.inTransaction(async () => {
          await this.uow.lockUser(idle.userId);
          const s = await this.sessions.find(idle.id);
          if (!s || s.status !== 'active' || s.lastActivityAt >= before) return null;
          s.status = 'expired';
          await this.uow.commit();
          return s;
        });
        if (!ended) continue;
        await this.chunks.remove(ended.id);
        await this.catalog.discardUnpublished(ended.id, ended.container);
        expired++;
      }
      if (expired) this.logger.log(`expired ${expired} idle upload session(s)`);
      // Files no active session owns: left by a crash between a file's creation and its session's commit, or between
      // a session's end and its file's removal. (An hour's grace covers an init still committing.)
      const settled = (await this.chunks.files()).filter((f) => f.modified.getTime() < now.getTime() - 3600_000);
      const alive = await this.sessions.activeAmong(settled.map((f) => f.id));
      let orphans = 0;
      for (const f of settled) {
        if (alive.has(f.id)) continue;
        await this.chunks.remove(f.id);
        orphans++;
      }
      if (orphans) this.logger.log(`removed ${orphans} upload file(s) no session owns`);
      return expired;
    });
  }
}
