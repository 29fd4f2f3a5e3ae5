import { spawn, type ChildProcess } from 'node:child_process';
import { Agent, request as httpRequest } from 'node:http';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

/**
 * The server under the contract fuzzer, in a child process of its own (fuzz-server-main.ts, loaded with the same swc
 * settings as jest by fuzz-server-hooks.mjs). A request that kills the process (a native abort cannot be caught) then
 * fails the fuzzer with that request named, and the server is started again, instead of the whole `npm test` run
 * dying with it. Requests go over a keep-alive connection pool, byte for byte as given (paths are not normalised).
 */

export type Who = 'visitor' | 'user' | 'other' | 'leaver' | 'quitter' | 'admin' | 'adminUser' | 'founder';

/** What the server process made for the fuzzer: its address, tokens, and ids of things the fuzz user owns. */
export interface FuzzWorld {
  url: string;
  databaseUrl: string;
  /** The second app, configured for Stripe (when asked for), on the same database. */
  stripe?: { url: string };
  tokens: Record<Exclude<Who, 'visitor'>, string>;
  names: { user: string; quitter: string };
  ids: Record<string, string>;
  /** The admin console's routes ('GET /api/system/status'): every route behind AdminAuthGuard, as the server has them. */
  consoleRoutes: string[];
}

export interface RawRequest {
  /** Which app: the main one (sandbox payments) or the one configured for Stripe. */
  app?: 'sandbox' | 'stripe';
  method: string;
  /** Path and query, sent exactly as given. */
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
}

export type RawResult =
  | { kind: 'response'; status: number; headers: Record<string, string | string[] | undefined>; body: Buffer; ms: number }
  | { kind: 'died'; ms: number }
  /** The server process was already gone: nothing was sent. */
  | { kind: 'not-sent' }
  | { kind: 'error'; error: string; ms: number };

const MAIN = fileURLToPath(new URL('./fuzz-server-main.ts', import.meta.url));
const HOOKS = new URL('./fuzz-server-hooks.mjs', import.meta.url).href;

export class FuzzServer {
  world!: FuzzWorld;
  /** How many times the server process was started. */
  starts = 0;
  private child?: ChildProcess;
  private exited?: Promise<void>;
  private dead = true;
  private stderr = '';
  private agent = new Agent({ keepAlive: true, maxSockets: 16 });
  private databases: string[] = [];

  /**
   * @param appEnv the main app's environment (createTestApp's)
   * @param stripeEnv the environment of a second app in the same process, configured for Stripe
   */
  constructor(
    private readonly appEnv: Record<string, string>,
    private readonly stripeEnv?: Record<string, string>,
    private readonly requestTimeoutMs = 15_000,
  ) {}

  get alive(): boolean {
    return !this.dead;
  }

  /** The end of what the server process wrote to stderr (a crash's stack trace). */
  stderrTail(chars = 3000): string {
    return this.stderr.slice(-chars);
  }

  async start(): Promise<FuzzWorld> {
    if (!process.env.TEST_DATABASE_SERVER_URL) throw new Error('TEST_DATABASE_SERVER_URL is not set: run the fuzzer through jest');
    this.starts += 1;
    this.stderr = '';
    this.agent.destroy();
    this.agent = new Agent({ keepAlive: true, maxSockets: 16 });
    // FUZZ_NODE_ARGS: extra node options for the server process (--cpu-prof, --inspect…), to look into a finding.
    const child = spawn(process.execPath, [...(process.env.FUZZ_NODE_ARGS?.split(' ').filter(Boolean) ?? []), '--import', HOOKS, MAIN], {
      env: { ...process.env, FUZZ_APP_ENV: JSON.stringify(this.appEnv), ...(this.stripeEnv ? { FUZZ_STRIPE_ENV: JSON.stringify(this.stripeEnv) } : {}), FUZZ_PARENT_PID: String(process.pid), NODE_OPTIONS: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    child.stderr!.on('data', (d: Buffer) => {
      this.stderr = (this.stderr + d.toString()).slice(-200_000);
    });
    this.exited = new Promise((resolve) => child.once('exit', () => resolve()));
    void this.exited.then(() => {
      this.dead = true;
    });
    this.world = await new Promise<FuzzWorld>((resolve, reject) => {
      let out = '';
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        reject(new Error(`the fuzz server did not start in 90 s:\n${this.stderrTail()}`));
      }, 90_000);
      child.stdout!.on('data', (d: Buffer) => {
        out += d.toString();
        const line = /^FUZZ_WORLD (.*)$/m.exec(out);
        if (line) {
          clearTimeout(timer);
          resolve(JSON.parse(line[1]) as FuzzWorld);
        }
      });
      void this.exited!.then(() => {
        clearTimeout(timer);
        reject(new Error(`the fuzz server exited while starting:\n${out}\n${this.stderrTail()}`));
      });
    });
    this.databases.push(this.world.databaseUrl);
    this.dead = false;
    return this.world;
  }

  /** Stops the server process (if it still runs) and drops every database it made. */
  async stop(): Promise<void> {
    if (this.child && !this.dead) {
      this.child.kill('SIGTERM');
      const killer = setTimeout(() => this.child?.kill('SIGKILL'), 10_000);
      await this.exited;
      clearTimeout(killer);
      if (process.env.FUZZ_DEBUG) process.stdout.write(this.stderrTail(400));
    }
    this.agent.destroy();
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_SERVER_URL });
    await admin.connect();
    try {
      for (const url of this.databases) await admin.query(`drop database if exists ${new URL(url).pathname.slice(1)} with (force)`);
    } finally {
      await admin.end();
    }
    this.databases = [];
  }

  /** Sends one request; reports its response, or that the server process died meanwhile, or a network error. */
  send(req: RawRequest): Promise<RawResult> {
    const started = Date.now();
    const ms = () => Date.now() - started;
    if (this.dead) return Promise.resolve({ kind: 'not-sent' });
    const { hostname, port } = new URL(req.app === 'stripe' && this.world.stripe ? this.world.stripe.url : this.world.url);
    return new Promise<RawResult>((resolve) => {
      let settled = false;
      const finish = (r: RawResult) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(r);
      };
      const failed = (error: string) => {
        // A connection that breaks because the process is gone is the server dying, not the network.
        const grace = setTimeout(() => finish(this.dead ? { kind: 'died', ms: ms() } : { kind: 'error', error, ms: ms() }), 300);
        void this.exited!.then(() => {
          clearTimeout(grace);
          finish({ kind: 'died', ms: ms() });
        });
      };
      const timer = setTimeout(() => {
        r.destroy();
        finish({ kind: 'error', error: `no answer within ${this.requestTimeoutMs} ms`, ms: ms() });
      }, this.requestTimeoutMs);
      const headers: Record<string, string> = { ...req.headers };
      if (req.body && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-length')) headers['Content-Length'] = String(req.body.length);
      let r: ReturnType<typeof httpRequest>;
      try {
        r = httpRequest({ hostname, port, method: req.method, path: req.path, headers, agent: this.agent }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => finish({ kind: 'response', status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks), ms: ms() }));
          res.on('error', (e) => failed(`response: ${e.message}`));
        });
      } catch (e) {
        clearTimeout(timer);
        settled = true;
        resolve({ kind: 'error', error: `the client refused to send it: ${(e as Error).message}`, ms: 0 });
        return;
      }
      // An error while the body is still being written, after the answer came (a refusal before reading the body), is fine.
      r.on('error', (e) => failed(`request: ${(e as NodeJS.ErrnoException).code ?? e.message}`));
      r.end(req.body);
    });
  }
}

/** Runs `fn` over `items`, at most `limit` at once, in order of start. */
export async function pool<T>(items: T[], limit: number, fn: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      await fn(items[i], i);
    }
  });
  await Promise.all(lanes);
}
