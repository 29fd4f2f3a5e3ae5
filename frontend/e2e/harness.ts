import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { chromium, type Browser, type Page } from 'playwright-core';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const screenshotDir = join(root, 'frontend', 'e2e', 'screenshots');

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  url: string;
  /** The database it uses and its token key, for a second server process on the same data (startServer's `beside`). */
  databaseUrl: () => string;
  jwtSecret: () => string;
  log: () => string;
  stop(): Promise<void>;
}

/**
 * The built server (npm run build) on a fresh database: a new database on DATABASE_URL's server, or embedded. With
 * `beside`, a second server process on the first one's database and token key (as a second machine would be).
 * The demo data is limited to the membership channels of seed 001 (DEMO_DATA_SCALE=0: no generated creators or
 * media, as before the demo existed; the money test buys from them); pass DEMO_DATA_SCALE: '100' for the whole demo,
 * or DEMO_DATA: 'false' for none. `supervised`: started as `npm start` starts it (scripts/start.mjs: the supervisor over
 * WORKERS API workers and the media/jobs worker, the embedded database started once by the supervisor), so that
 * restarts work; otherwise the single complete process of backend/dist/src/main.js.
 */
export async function startServer(env: Record<string, string> = {}, beside?: RunningServer, options: { supervised?: boolean } = {}): Promise<RunningServer> {
  const main = join(root, 'backend', 'dist', 'src', 'main.js');
  if (!existsSync(main)) throw new Error('Build first: npm run build');
  const dataDir = mkdtempSync(join(tmpdir(), 'scriven-e2e-'));
  const port = await freePort();
  let dbName: string | undefined;
  const childEnv: Record<string, string> = { ...(process.env as Record<string, string>), PORT: String(port), DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(await freePort()), LOG_LEVEL: 'warn', DEMO_DATA: 'true', DEMO_DATA_SCALE: '0', LIVE_RTMP_PORT: '0', ...env };
  if (beside) {
    childEnv.DATABASE_URL = beside.databaseUrl();
    childEnv.JWT_SECRET = beside.jwtSecret();
  } else if (process.env.DATABASE_URL) {
    dbName = `scriven_e2e_${randomBytes(5).toString('hex')}`;
    const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await c.connect();
    await c.query(`create database ${dbName}`);
    await c.end();
    const u = new URL(process.env.DATABASE_URL);
    u.pathname = `/${dbName}`;
    childEnv.DATABASE_URL = u.toString();
  }
  const entry = options.supervised ? join(root, 'scripts', 'start.mjs') : main;
  const child: ChildProcess = spawn(process.execPath, [entry], { env: childEnv, stdio: ['ignore', 'pipe', 'pipe'], cwd: root });
  let log = '';
  child.stdout!.on('data', (d) => (log += d));
  child.stderr!.on('data', (d) => (log += d));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.supervised ? 90_000 : 60_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${log}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      /* starting */
    }
    if (Date.now() > deadline) throw new Error(`server did not become ready:\n${log}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const embeddedPgPort = childEnv.EMBEDDED_PG_PORT;
  return {
    url,
    databaseUrl: () =>
      childEnv.DATABASE_URL ?? `postgres://scriven:${readFileSync(join(dataDir, 'secrets', 'postgres.password'), 'utf8').trim()}@127.0.0.1:${embeddedPgPort}/scriven`,
    jwtSecret: () => childEnv.JWT_SECRET ?? readFileSync(join(dataDir, 'secrets', 'jwt.key'), 'utf8').trim(),
    log: () => log,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      if (dbName) {
        const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
        await c.connect();
        await c.query(`drop database if exists ${dbName} with (force)`);
        await c.end();
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Debian's Chromium, headless; `extraArgs` adds flags (the live test's fake camera and microphone). */
export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  const executablePath = ['/usr/lib/chromium/chromium', '/usr/bin/chromium'].find((p) => existsSync(p));
  if (!executablePath) throw new Error("Debian's chromium is not installed (apt-get install chromium)");
  return chromium.launch({
    executablePath,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', ...extraArgs],
  });
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: join(screenshotDir, `${name}.png`), fullPage: true });
}

/** Registers through the form and signs in, as a newcomer does; ends on the signed-in shell. */
export async function registerAndSignIn(page: Page, baseUrl: string, who: { first: string; displayName: string; email: string; password: string }): Promise<void> {
  await page.goto(`${baseUrl}/signin`);
  await page.getByRole('button', { name: 'Create account' }).first().click();
  const form = page.getByRole('form', { name: 'Create account form' });
  await form.getByLabel('First name').fill(who.first);
  await form.getByLabel('Last name').fill('Tester');
  await form.getByLabel('Display name').fill(who.displayName);
  await form.getByRole('textbox', { name: 'Email' }).fill(who.email);
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill(who.password);
  await form.getByRole('textbox', { name: 'Confirm password' }).fill(who.password);
  await form.getByRole('button', { name: 'Create account' }).click();
  const signIn = page.getByRole('form', { name: 'Sign in form' });
  await signIn.waitFor({ timeout: 10_000 });
  await signIn.getByRole('textbox', { name: 'Email' }).fill(who.email);
  await signIn.getByRole('textbox', { name: 'Password' }).fill(who.password);
  await signIn.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: `Welcome back, ${who.first}` }).waitFor();
}

/** Calls the server's API as a client would (JSON back; a failure throws with the status and body). */
export async function callApi<T>(server: RunningServer, path: string, init: RequestInit & { token?: string } = {}): Promise<T> {
  const headers = new Headers(init.headers);
  if (init.token) headers.set('authorization', `Bearer ${init.token}`);
  const res = await fetch(`${server.url}${path}`, { ...init, headers });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

export interface PublishedVideoSpec {
  /** Where the generated clip is written. */
  clipPath: string;
  /** ffmpeg's size, e.g. 1280x720. */
  size: string;
  seconds: number;
  /** With a sine tone as its sound. */
  sound?: boolean;
  creator: { first: string; displayName: string; email: string; password: string };
  title: string;
  description?: string;
}

/** A creator registered through the API who has published one generated clip, processed and ready; its id. */
export async function publishedVideo(server: RunningServer, spec: PublishedVideoSpec): Promise<string> {
  const sound = spec.sound ? ['-f', 'lavfi', '-i', 'sine=frequency=330'] : [];
  const audio = spec.sound ? ['-c:a', 'aac', '-shortest'] : [];
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', `testsrc2=size=${spec.size}:rate=25`, ...sound, '-t', String(spec.seconds), '-c:v', 'libx264', '-preset', 'ultrafast', ...audio, spec.clipPath]);
  const json = { 'content-type': 'application/json' };
  const { creator } = spec;
  await callApi(server, '/api/register', { method: 'POST', headers: json, body: JSON.stringify({ first_name: creator.first, last_name: 'Creator', display_name: creator.displayName, email: creator.email, password: creator.password }) });
  const { access_token: token } = await callApi<{ access_token: string }>(server, '/api/login', { method: 'POST', headers: json, body: JSON.stringify({ login_identifier: creator.email, password: creator.password }) });
  const form = new FormData();
  form.append('title', spec.title);
  if (spec.description) form.append('description', spec.description);
  form.append('file', new Blob([readFileSync(spec.clipPath)], { type: 'video/mp4' }), spec.clipPath.split('/').pop() ?? 'clip.mp4');
  const video = await callApi<{ id: string }>(server, '/api/videos/upload', { method: 'POST', body: form, token });
  const deadline = Date.now() + 90_000;
  for (;;) {
    const current = await callApi<{ status: string }>(server, `/api/videos/${video.id}`, { token });
    if (current.status === 'ready') return video.id;
    if (current.status === 'failed' || Date.now() > deadline) throw new Error(`the video ended ${current.status}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/**
 * Plays `video` muted until it has played past `seconds`, or fails after `timeoutMs` saying where it stood. play()'s
 * promise is not awaited: it stays pending while the player has no data yet, which must time out, not hang the test.
 */
export async function playUntil(page: Page, video: ReturnType<Page['locator']>, seconds: number, timeoutMs = 30_000): Promise<void> {
  const handle = await video.elementHandle();
  try {
    await page.waitForFunction(
      ({ el, past }) => {
        const v = el as HTMLVideoElement;
        v.muted = true;
        if (v.paused) void v.play().catch(() => undefined);
        return v.currentTime > past;
      },
      { el: handle, past: seconds },
      { timeout: timeoutMs, polling: 250 },
    );
  } catch (e) {
    const state = await video.evaluate((v: HTMLVideoElement) => ({ readyState: v.readyState, networkState: v.networkState, currentTime: v.currentTime, paused: v.paused, error: v.error?.message ?? null, src: v.currentSrc }));
    throw new Error(`the video did not play past ${seconds} s: ${JSON.stringify(state)} (${(e as Error).message.split('\n')[0]})`);
  }
}
