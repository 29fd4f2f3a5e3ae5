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
  /** How long a writer or a completion waits for a lock statement's answer (then: busy, or try again). */
  static readonly STATEMENT_MS = 10_000;
  /** A lock statement without an answer this long: the connection is taken as lost (a dead network path). */
  static readonly LOST_MS = 60_000;
  private readonly writers = new Map<string, number>();
  private readonly closing = new Map<string, Promise<unknown>>();
  /**
   * The gate across server processes: a chunk being written holds a shared advisory lock on its session and one of
   * MAX_PARALLEL slot locks; completing or cancelling takes the session's lock exclusively. Every lock of this process
   * is held on this one connection (`application_name` scriven-upload-gate), which is used only for the short lock
   * and unlock statements, one at a time: a slow uploader holds a lock, never a connection. Advisory locks go with their
   * connection, so a worker that dies (or loses the connection) leaves no session locked; and a worker that loses it
   * stops its chunks being written at once (they are answered busy, and their clients send them again), so no chunk
   * goes on being written without its locks.
   */
  private connecting?: Promise<pg.Client>;
  private current?: pg.Client;
  /** The slots this process holds on `current`, per session (its own locks never conflict with one another). */
  private readonly held = new Map<string, Set<number>>();
  /** The chunks being written under the locks of `current`: stopped when it is lost. */
  private guarded = new Set<AbortController>();
  /** The lock statements run one after another (the slot chosen depends on the ones taken before). */
  private queue: Promise<unknown> = Promise.resolve();
  private closed = false;
  /** STATEMENT_MS for this gate (the tests shorten it). */
  statementMs = SessionGate.STATEMENT_MS;

  constructor(@Inject(DATABASE_URL) private readonly url: string) {}

  /**
   * Runs `fn` (a chunk's write) under the session's locks. `signal` aborts when the locks are lost (the lock
   * connection is gone): `fn` must then stop writing, and the write is answered busy (its client sends it again).
   */
  async write<T>(id: string, fn: (signal: AbortSignal) => Promise<T>): Promise<T> {
    if (this.closing.has(id)) throw UploadErrors.finishing();
    const n = this.writers.get(id) ?? 0;
    if (n >= SessionGate.MAX_PARALLEL) throw UploadErrors.busy();
    this.writers.set(id, n + 1);
    try {
      const writer = new AbortController();
      const release = await this.enter(id, writer);
      try {
        const result = await fn(writer.signal);
        writer.signal.throwIfAborted();
        return result;
      } catch (e) {
        throw writer.signal.aborted ? UploadErrors.busy() : e;
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
        // Before the answer: the session's next request finds it unlocked, in whichever process it lands.
        await release();
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
      // TCP keep-alive: a connection whose peer has gone is noticed (and its locks' loss acted on) even while idle.
      const client = new pg.Client({ connectionString: this.url, application_name: 'scriven-upload-gate', connectionTimeoutMillis: 5_000, keepAlive: true, keepAliveInitialDelayMillis: 10_000 });
      const lost = () => this.lose(client);
      client.on('error', lost);
      client.on('end', lost);
      await client.connect();
      if (this.closed) {
        // Shut down while connecting: nobody would end it.
        await client.end().catch(() => undefined);
        throw new Error('shutting down');
      }
      this.current = client;
      return client;
    })().catch((e: unknown) => {
      this.connecting = undefined;
      throw e;
    });
    return this.connecting;
  }

  /** The connection is gone, and every lock it held with it: the chunks written under them stop (answered busy). */
  private lose(client: pg.Client): void {
    if (this.current !== client) return;
    this.current = undefined;
    this.connecting = undefined;
    this.held.clear();
    const stopped = this.guarded;
    this.guarded = new Set();
    for (const writer of stopped) writer.abort(UploadErrors.busy());
    void client.end().catch(() => undefined);
  }

  /**
   * One lock statement: its rows, or an error after STATEMENT_MS without an answer. A statement answered later (a slow
   * database) is not lost for that: its locks are handed to `undo` to be given back, and the connection stays. A
   * statement that fails, or gets no answer for LOST_MS, loses the connection (and with it every lock it held).
   */
  private statement<R extends pg.QueryResultRow>(client: pg.Client, text: string, params: unknown[], undo?: (rows: R[]) => void): Promise<R[]> {
    return new Promise<R[]>((resolve, reject) => {
      let answered = false;
      const slow = setTimeout(() => {
        answered = true;
        reject(new Error(`the upload gate's database statement got no answer within ${this.statementMs} ms`));
      }, this.statementMs);
      const dead = setTimeout(() => this.lose(client), SessionGate.LOST_MS);
      slow.unref();
      dead.unref();
      client.query<R>(text, params).then(
        (r) => {
          clearTimeout(slow);
          clearTimeout(dead);
          if (!answered) {
            answered = true;
            resolve(r.rows);
          } else if (this.current === client) undo?.(r.rows);
        },
        (e: unknown) => {
          clearTimeout(slow);
          clearTimeout(dead);
          this.lose(client);
          if (!answered) {
            answered = true;
            reject(e);
          }
        },
      );
    });
  }

  /** Runs `step` after the lock statements queued before it. */
  private serially<T>(step: () => Promise<T>): Promise<T> {
    const run = this.queue.then(step, step);
    this.queue = run.catch(() => undefined);
    return run;
  }

  private unlockWriter(client: pg.Client, id: string, open: boolean, slot: number | null): Promise<void> {
    if (!open && slot === null) return Promise.resolve();
    return this.statement(
      client,
      `select case when $2 then pg_advisory_unlock_shared(hashtext('upload:' || $1)::bigint) end, case when $3::int is not null then pg_advisory_unlock(hashtext('upload-slot:' || $1), $3::int) end`,
      [id, open, slot],
    ).then(
      () => undefined,
      () => undefined,
    );
  }

  /** A writer's locks (any process): refused while the session is completed or cancelled, or when MAX_PARALLEL write. */
  private enter(id: string, writer: AbortController): Promise<() => Promise<void>> {
    return this.serially(async () => {
      const client = await this.connection().catch(() => {
        throw UploadErrors.busy();
      });
      // This connection's own slots are skipped (in a CASE, so never tried: retaking a lock one holds succeeds again).
      const mine = this.held.get(id) ?? new Set<number>();
      type Row = { open: boolean; slot: number | null };
      let row: Row;
      try {
        [row] = await this.statement<Row>(
          client,
          `select pg_try_advisory_lock_shared(hashtext('upload:' || $1)::bigint) as open,
                  (select s from generate_series(0, ${SessionGate.MAX_PARALLEL - 1}) s
                    where case when s = any($2::int[]) then false else pg_try_advisory_lock(hashtext('upload-slot:' || $1), s) end limit 1) as slot`,
          [id, [...mine]],
          // Answered after the writer was told busy: what it took is given back.
          ([late]) => void (late && this.unlockWriter(client, id, late.open, late.slot)),
        );
      } catch {
        throw UploadErrors.busy();
      }
      if (!row.open || row.slot === null) {
        await this.unlockWriter(client, id, row.open, row.slot);
        throw row.open ? UploadErrors.busy() : UploadErrors.finishing();
      }
      const slot = row.slot;
      mine.add(slot);
      this.held.set(id, mine);
      this.guarded.add(writer);
      return () =>
        this.serially(async () => {
          this.guarded.delete(writer);
          if (this.current !== client) return; // lost meanwhile: the locks went with it
          const set = this.held.get(id);
          set?.delete(slot);
          if (set && !set.size) this.held.delete(id);
          await this.unlockWriter(client, id, true, slot);
        });
    });
  }

  /**
   * The session's lock, exclusively: tried every 50 ms (each try a short statement on the lock connection) until the
   * writers of every process are done, for up to 60 s, then goes on as before. A try that fails (the connection was
   * lost: it is connected again) or gets no answer in time is tried again; one answered late gives its lock back.
   */
  private async lockExclusively(id: string): Promise<() => Promise<void>> {
    const unlock = (client: pg.Client) =>
      this.statement(client, `select pg_advisory_unlock(hashtext('upload:' || $1)::bigint)`, [id]).then(
        () => undefined,
        () => undefined,
      );
    for (const end = Date.now() + 60_000; Date.now() < end; await new Promise((r) => setTimeout(r, 50))) {
      const got = await this.serially(async () => {
        const client = await this.connection();
        const [row] = await this.statement<{ ok: boolean }>(client, `select pg_try_advisory_lock(hashtext('upload:' || $1)::bigint) as ok`, [id], ([late]) => {
          if (late?.ok) void unlock(client);
        });
        return row.ok ? client : null;
      }).catch(() => null);
      if (got) {
        return () =>
          this.serially(async () => {
            if (this.current === got) await unlock(got);
          });
      }
    }
    // A writer is stuck: go on, as the in-process gate does.
    return async () => undefined;
  }

  async onApplicationShutdown(): Promise<void> {
    this.closed = true;
    const connecting = this.connecting;
    const client = this.current;
    this.current = undefined;
    this.connecting = undefined;
    await client?.end().catch(() => undefined);
    // A connection still being made ends itself once made (see connection()).
    await connecting?.catch(() => undefined);
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
    return this.gate.write(session.id, (stop) => this.write(session, index, data, stop));
  }

  private async write(session: UploadSession, index: number, data: Readable, stop: AbortSignal): Promise<{ session: UploadSession; index: number; count: number }> {
    await this.sessions.clearReceived(session.id, index);
    // Losing the locks stops the writing at once (the request is left whole, for the busy answer).
    const head = await this.chunks.writeAt(session.id, session.offsetOf(index), session.lengthOf(index), data, stop);
    stop.throwIfAborted();
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
