import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { createTestApp, signUp, type TestApp } from './harness.js';
import { MP4_HEAD } from './media-fixtures.js';

/**
 * Requests an attacker or a careless client sends: none may stop the server, reach the database as a 500, or leave
 * without the error body { statusCode, code, detail, message }.
 */
let t: TestApp;
let auth: [string, string];
let port: number;

beforeAll(async () => {
  t = await createTestApp({ HTTP_HEADERS_TIMEOUT_MS: '500' });
  await t.app.listen(0, '127.0.0.1');
  port = ((t.app.getHttpServer() as Server).address() as AddressInfo).port;
  ({ auth } = await signUp(t));
});

afterAll(async () => {
  await t.close();
});

function expectErrorBody(r: { status: number; body: unknown; headers: Record<string, string> }, status: number): void {
  expect(r.status).toBe(status);
  expect(r.headers['content-type']).toMatch(/^application\/json/);
  expect(r.body).toEqual(expect.objectContaining({ statusCode: status, code: expect.any(String), detail: expect.any(String), message: expect.any(String) }));
}

async function expectHealthy(): Promise<void> {
  const h = await t.http().get('/api/health');
  expect(h.status).toBe(200);
  expect(h.body.database).toBe('up');
}

/** Sends raw bytes on a new connection and returns everything the server wrote before closing it. */
function rawExchange(payload: string | Buffer, opts: { trickle?: boolean } = {}): Promise<{ text: string; closedAfterMs: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket: Socket = connect(port, '127.0.0.1');
    let text = '';
    socket.on('data', (d) => (text += d.toString('latin1')));
    socket.on('error', () => undefined);
    socket.on('close', () => resolve({ text, closedAfterMs: Date.now() - started }));
    socket.setTimeout(20_000, () => {
      socket.destroy();
      reject(new Error('the server kept the connection open'));
    });
    if (!opts.trickle) {
      socket.write(payload);
      return;
    }
    // One header byte every 100 ms, never finishing the headers.
    const bytes = Buffer.from(payload);
    let i = 0;
    const timer = setInterval(() => {
      if (socket.destroyed || i >= bytes.length) return clearInterval(timer);
      socket.write(bytes.subarray(i, i + 1));
      i++;
    }, 100);
    socket.on('close', () => clearInterval(timer));
  });
}

describe('bodies of the wrong type', () => {
  it.each(['/api/login', '/api/register', '/api/admin/login'])('answers %s sent as application/octet-stream with 415, and stays up', async (path) => {
    const r = await t.http().post(path).set('Content-Type', 'application/octet-stream').send(Buffer.from('{"login_identifier":"x","password":"y"}'));
    expectErrorBody(r, 415);
    await expectHealthy();
  });

  it('answers a route that takes a token the same way (octet-stream, text, XML)', async () => {
    for (const type of ['application/octet-stream', 'text/plain', 'application/xml']) {
      const r = await t.http().post('/api/accounts/create').set(...auth).set('Content-Type', type).send('<a>name</a>');
      expectErrorBody(r, 415);
    }
    await expectHealthy();
  });

  it('still takes raw bytes where they belong: an upload chunk (here, of a session that does not exist)', async () => {
    const r = await t.http().post('/api/videos/upload/chunk/00000000-0000-4000-8000-000000000000?chunk_index=0').set(...auth).set('Content-Type', 'application/octet-stream').send(Buffer.alloc(1024));
    expectErrorBody(r, 404);
  });
});

describe('deeply nested JSON', () => {
  it('is refused with a 400 before it is parsed, on sign-in and registration', async () => {
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    for (const path of ['/api/login', '/api/register']) {
      const r = await t.http().post(path).set('Content-Type', 'application/json').send(deep);
      expectErrorBody(r, 400);
      expect(r.body.detail).toMatch(/nests deeper/);
    }
    const objects = '{"a":'.repeat(50_000) + '1' + '}'.repeat(50_000);
    expectErrorBody(await t.http().post('/api/login').set('Content-Type', 'application/json').send(objects), 400);
  });

  it('does not count brackets inside strings as nesting', async () => {
    const r = await t.http().post('/api/login').send({ login_identifier: '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{', password: 'wrong-password' });
    expect(r.status).toBe(401);
  });

  it('answers ten 200 KB nested bodies in parallel without stalling other requests', async () => {
    const body = '['.repeat(100_000) + ']'.repeat(100_000);
    const started = Date.now();
    const results = await Promise.all([...Array(10)].map(() => t.http().post('/api/login').set('Content-Type', 'application/json').send(body)));
    for (const r of results) expectErrorBody(r, 400);
    await expectHealthy();
    // Generous: the same ten bodies held the event loop for 3.7 s when they were parsed and walked.
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('answers a body over 1 MiB with 413, and malformed JSON with 400', async () => {
    expectErrorBody(await t.http().post('/api/login').set('Content-Type', 'application/json').send(`{"password":"${'x'.repeat(1_100_000)}"}`), 413);
    expectErrorBody(await t.http().post('/api/login').set('Content-Type', 'application/json').send('{"password":'), 400);
  });
});

describe('control characters in text', () => {
  it('refuses NUL in sign-in, admin sign-in and registration fields with a 400 naming the field', async () => {
    const login = await t.http().post('/api/login').send({ login_identifier: 'someone\u0000', password: 'a-long-password' });
    expectErrorBody(login, 400);
    expect(login.body.errors).toEqual([{ field: 'login_identifier', message: 'Text must not contain control characters' }]);
    expectErrorBody(await t.http().post('/api/admin/login').send({ username: 'admin\u0000', password: 'x' }), 400);
    expectErrorBody(await t.http().post('/api/register').send({ first_name: 'A\u0000', last_name: 'B', display_name: 'nul_user', email: 'nul@example.com', password: 'a-long-password' }), 400);
    expect(await t.sql(`select 1 from users where display_name = 'nul_user'`)).toHaveLength(0);
  });

  it('refuses NUL in feedback, channel names and query strings; finds nothing at a path with NUL', async () => {
    expectErrorBody(await t.http().post('/api/feedback').set(...auth).send({ message: 'hello\u0000world', category: 'general' }), 400);
    expectErrorBody(await t.http().post('/api/accounts/create').set(...auth).send({ display_name: 'chan\u0000nel' }), 400);
    expectErrorBody(await t.http().get('/api/search?q=%00abc'), 400);
    // A path with a control character names nothing: 404, as for any unknown id.
    expectErrorBody(await t.http().get('/api/videos/abc%00def'), 404);
  });

  it('refuses NUL in multipart fields and in a file name', async () => {
    const title = await t.http().post('/api/videos/upload').set(...auth).field('title', 'bad\u0000title').attach('video', Buffer.alloc(64), 'clip.mp4');
    expectErrorBody(title, 400);
    const name = await t.http().post('/api/videos/upload').set(...auth).field('title', 'ok').attach('video', Buffer.alloc(64), 'cl\u0000ip.mp4');
    expectErrorBody(name, 400);
    await expectHealthy();
  });
});

describe('malformed multipart', () => {
  const uploads = ['/api/videos/upload', '/api/reels/upload', '/api/movies/upload', '/api/profile/upload-photo', '/api/videos/upload/chunk/00000000-0000-4000-8000-000000000000', '/api/feedback'];

  it.each(uploads)('answers %s with a 400 for a form without a boundary, garbage, or a form cut short', async (path) => {
    const noBoundary = await t.http().post(path).set(...auth).set('Content-Type', 'multipart/form-data').send('garbage');
    expectErrorBody(noBoundary, 400);
    const garbage = await t.http().post(path).set(...auth).set('Content-Type', 'multipart/form-data; boundary=XYZ').send(Buffer.from('\x00\x01 not a form at all \xff'));
    expectErrorBody(garbage, 400);
    const cut = await t.http().post(path).set(...auth).set('Content-Type', 'multipart/form-data; boundary=XYZ').send('--XYZ\r\nContent-Disposition: form-data; name="title"\r\n\r\nhalf');
    expectErrorBody(cut, 400);
    // Cut inside the file part: every byte sent, but no closing boundary.
    const file = path === '/api/videos/upload' ? 'video' : 'file';
    const fields = path.includes('chunk') ? '--XYZ\r\nContent-Disposition: form-data; name="chunk_index"\r\n\r\n0\r\n' : '--XYZ\r\nContent-Disposition: form-data; name="title"\r\n\r\nT\r\n';
    const cutInFile = await t.http().post(path).set(...auth).set('Content-Type', 'multipart/form-data; boundary=XYZ')
      .send(Buffer.concat([Buffer.from(`${fields}--XYZ\r\nContent-Disposition: form-data; name="${file}"; filename="a.mp4"\r\nContent-Type: video/mp4\r\n\r\n`), MP4_HEAD, Buffer.alloc(5000)]));
    expect(cutInFile.status).toBeGreaterThanOrEqual(400);
    expect(cutInFile.status).toBeLessThan(500);
    expect(cutInFile.body.code).toEqual(expect.any(String));
  });

  it('survives clients that go away in the middle of a file part, whether the route reads that part or skips it', async () => {
    for (const [path, field] of [
      ['/api/profile/upload-photo', 'file'],
      ['/api/profile/upload-photo', 'not_a_field_it_reads'],
      ['/api/videos/upload', 'video'],
    ]) {
      const boundary = 'cut-short';
      const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="x.png"\r\nContent-Type: image/png\r\n\r\n`;
      const request = `POST ${path} HTTP/1.1\r\nHost: localhost\r\nAuthorization: ${auth[1]}\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: 10000000\r\n\r\n${head}`;
      await new Promise<void>((resolve) => {
        const socket = connect(port, '127.0.0.1', () => {
          socket.write(request);
          socket.write(Buffer.alloc(200_000, 1), () => setTimeout(() => socket.destroy(), 50));
        });
        socket.on('error', () => undefined);
        socket.on('close', () => resolve());
      });
    }
    await expectHealthy();
  });

  it('stays healthy after all of them', async () => {
    await expectHealthy();
  });
});

describe('errors of the HTTP layer itself', () => {
  it('answers a request target over 8 KiB with 414 and the error body', async () => {
    expectErrorBody(await t.http().get(`/api/search?q=${'a'.repeat(9000)}`), 414);
  });

  it('answers bad percent-encoding in a path parameter with 400 and the error body', async () => {
    expectErrorBody(await t.http().get('/api/videos/%E0%A4%A'), 400);
    expectErrorBody(await t.http().get('/api/users/%ZZ/profile'), 400);
  });

  it('answers a request that is not HTTP with 400 and the error body, and closes', async () => {
    const { text } = await rawExchange('NOT HTTP AT ALL\r\n\r\n');
    expect(text).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4))).toEqual({ statusCode: 400, code: 'BAD_REQUEST', detail: 'The request is not valid HTTP', message: 'The request is not valid HTTP' });
  });

  it('answers headers larger than the server takes with 431 and the error body', async () => {
    const { text } = await rawExchange(`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(text).toMatch(/^HTTP\/1\.1 431 /);
    expect(JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4)).code).toBe('HEADERS_TOO_LARGE');
  });

  it('closes a connection whose headers trickle in past the headers timeout (here 0.5 s), with a 408', async () => {
    const { text, closedAfterMs } = await rawExchange(`GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Slow: ${'a'.repeat(200)}`, { trickle: true });
    expect(closedAfterMs).toBeLessThan(5000);
    expect(text).toMatch(/^HTTP\/1\.1 408 /);
  });
});

describe('premium movies', () => {
  it('streams a premium movie only to premium users, its owner and admins; others get a 403 that says why', async () => {
    const owner = await signUp(t);
    const viewer = await signUp(t);
    // An MP4's first bytes make it a movie file by its bytes; it need not play.
    const mp4 = Buffer.concat([MP4_HEAD, Buffer.alloc(4096)]);
    const up = await t.http().post('/api/movies/upload').set(...owner.auth).field('title', 'Gold').field('is_premium', 'true').attach('file', mp4, 'gold.mp4');
    expect(up.status).toBe(201);
    const id = up.body.movie.id as string;
    await t.sql(`update media set status = 'ready' where id = $1`, [id]);
    const asViewer = await t.http().get(`/api/movies/${id}/stream`).set(...viewer.auth);
    expectErrorBody(asViewer, 403);
    expect(asViewer.body.detail).toBe('This movie is for Premium members. Get Premium to watch it.');
    expect((await t.http().get(`/api/movies/${id}/stream`).set(...owner.auth)).status).toBe(200);
    // (Set in the database before the user's first authenticated request, so no cached principal hides it.)
    const premium = await signUp(t);
    await t.sql(`update users set is_premium = true, premium_expires = now() + interval '1 day' where display_name = $1`, [premium.user.display_name]);
    expect((await t.http().get(`/api/movies/${id}/stream`).set(...premium.auth)).status).toBe(200);
    const lapsed = await signUp(t);
    await t.sql(`update users set is_premium = true, premium_expires = now() - interval '1 minute' where display_name = $1`, [lapsed.user.display_name]);
    expectErrorBody(await t.http().get(`/api/movies/${id}/stream`).set(...lapsed.auth), 403);
  });
});

describe('range errors', () => {
  it('answers an unsatisfiable range with 416, Content-Range and the error body', async () => {
    const owner = await signUp(t);
    const mp4 = Buffer.concat([MP4_HEAD, Buffer.alloc(4096)]);
    const up = await t.http().post('/api/movies/upload').set(...owner.auth).field('title', 'Short').attach('file', mp4, 'short.mp4');
    const id = up.body.movie.id as string;
    await t.sql(`update media set status = 'ready' where id = $1`, [id]);
    const r = await t.http().get(`/api/movies/${id}/stream`).set(...owner.auth).set('Range', 'bytes=999999-');
    expectErrorBody(r, 416);
    expect(r.headers['content-range']).toBe(`bytes */${mp4.length}`);
  });
});

describe('the page', () => {
  it("lets the app's page open WebSockets to its own origin only", async () => {
    const r = await t.http().get('/some/page');
    const csp = r.headers['content-security-policy'] ?? '';
    // (No app is built in tests: the 404 still carries the document headers.)
    const connect = /connect-src ([^;]*)/.exec(csp)?.[1] ?? '';
    expect(connect.split(' ')).not.toContain('ws:');
    expect(connect.split(' ')).not.toContain('wss:');
  });
});
