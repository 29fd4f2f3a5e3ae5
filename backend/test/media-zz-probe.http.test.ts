import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTestApp, signUp, type TestApp } from './harness.js';
let t: TestApp;
beforeAll(async () => { t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000' }); await t.app.listen(0, '127.0.0.1'); });
afterAll(async () => {
  const srv = t.app.getHttpServer();
  console.log('connections', await new Promise((r) => srv.getConnections((e: unknown, n: number) => r(n))));
  const t0 = Date.now();
  await Promise.race([t.close(), new Promise((r) => setTimeout(r, 20000))]);
  console.log('close took', Date.now() - t0);
}, 60000);
it('one refusal then destroy', async () => {
  const { token } = await signUp(t);
  const port = (t.app.getHttpServer().address() as AddressInfo).port;
  const boundary = 'XB';
  const head = Buffer.from(`--XB\r\nContent-Disposition: form-data; name="title"\r\n\r\nT\r\n--XB\r\nContent-Disposition: form-data; name="file"; filename="a.mp4"\r\n\r\n`);
  const req = httpRequest({ host: '127.0.0.1', port, path: '/api/reels/upload', method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': `multipart/form-data; boundary=${boundary}`, 'Content-Length': String(head.length + 16 * 1024 * 1024) } });
  req.on('error', () => undefined);
  req.write(head); req.write(Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(4 * 1024 * 1024)]));
  const status = await new Promise((r) => req.on('response', (res) => r(res.statusCode)));
  console.log('status', status);
  await new Promise((r) => setTimeout(r, 500));
  req.destroy();
  await new Promise((r) => setTimeout(r, 500));
}, 60000);
