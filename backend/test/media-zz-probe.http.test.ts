import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTestApp, signUp, type TestApp } from './harness.js';
let t: TestApp;
beforeAll(async () => { t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000' }); await t.app.listen(0, '127.0.0.1'); });
afterAll(async () => { await t.close(); });
function raw(token: string | null, first: Buffer, total: number): Promise<string> {
  const port = (t.app.getHttpServer().address() as AddressInfo).port;
  const boundary = 'XBOUNDARY';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nT\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.mp4"\r\nContent-Type: video/mp4\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise((resolve) => {
    const events: string[] = [];
    const req = httpRequest({ host: '127.0.0.1', port, path: '/api/reels/upload', method: 'POST', headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), 'Content-Type': `multipart/form-data; boundary=${boundary}`, 'Content-Length': String(head.length + total + tail.length) } });
    req.on('response', (res) => { let b = ''; res.on('data', (d) => (b += d)); res.on('end', () => { events.push(`response ${res.statusCode} ${res.headers.connection} ${b.slice(0,40)}`); setTimeout(() => resolve(events.join(' | ')), 1500); }); });
    req.on('error', (e) => { events.push(`error ${e.message}`); resolve(events.join(' | ')); });
    req.write(head); req.write(first);
    let sent = first.length;
    const pump = () => { while (sent < total) { const n = Math.min(65536, total - sent); sent += n; if (!req.write(Buffer.alloc(n, 1))) { req.once('drain', pump); return; } } req.end(tail); events.push('sent all'); };
    setTimeout(pump, 50);
  });
}
it('early refusals', async () => {
  const { token } = await signUp(t);
  const png = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(100, 0)]);
  console.log('png 2MB', await raw(token, png, 2 * 1024 * 1024));
  console.log('png 20MB', await raw(token, png, 20 * 1024 * 1024));
  console.log('visitor 20MB', await raw(null, png, 20 * 1024 * 1024));
}, 60000);
