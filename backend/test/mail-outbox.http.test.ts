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
    // The handler commits the mail as sent; pg-boss marks the job completed just after: wait for both.
    const sent = await waitFor(async () => {
      const rows = await t.sql<{ status: string; attempts: number; transport: string }>("select status, attempts, transport from mail_outbox where recipient = 'guardian@example.com'");
      return rows[0]?.status === 'sent' ? rows : undefined;
    });
    expect(sent).toEqual([{ status: 'sent', attempts: 1, transport: 'log' }]);
    const jobs = await waitFor(async () => {
      const rows = await t.sql<{ state: string }>("select state from pgboss.job where name = 'mail.deliver'");
      return rows.every((j) => j.state === 'completed') ? rows : undefined;
    });
    expect(jobs).toHaveLength(1);
    // The one-time consent link does not stay in the database once delivered.
    const [row] = await t.sql<{ body: string }>("select body from mail_outbox where recipient = 'guardian@example.com'");
    expect(row.body).not.toContain('/parental-consent/');
  });
});
