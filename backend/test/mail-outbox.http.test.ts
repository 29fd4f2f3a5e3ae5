import { setTimeout as sleep } from 'node:timers/promises';
import { createTestApp, newUser, type TestApp } from './harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ JOBS_ENABLED: 'true' });
});
afterAll(async () => {
  await t.close();
});

async function waitFor<T>(fn: () => Promise<T | undefined>, ms = 20_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v !== undefined) return v;
    if (Date.now() > until) throw new Error('timed out');
    await sleep(100);
  }
}

describe('mail outbox', () => {
  it('delivers the parental consent mail through the durable job, once', async () => {
    const r = await t.http().post('/api/register').send(newUser({ display_name: 'outbox_kid', date_of_birth: '2018-03-03', parent_email: 'guardian@example.com' }));
    expect(r.status).toBe(201);
    const sent = await waitFor(async () => {
      const rows = await t.sql<{ status: string; attempts: number; transport: string }>("select status, attempts, transport from mail_outbox where recipient = 'guardian@example.com'");
      return rows[0]?.status === 'sent' ? rows : undefined;
    });
    expect(sent).toEqual([{ status: 'sent', attempts: 1, transport: 'log' }]);
    const jobs = await t.sql<{ state: string }>("select state from pgboss.job where name = 'mail.deliver'");
    expect(jobs.map((j) => j.state)).toEqual(['completed']);
  });
});
