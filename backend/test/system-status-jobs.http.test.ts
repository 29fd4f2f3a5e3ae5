import { createTestApp, type TestApp } from './harness.js';
import { admin, type Admin } from './money-fixtures.js';
import { JobsService } from '../src/common/jobs/jobs.service.js';
import { MAIL_JOB } from '../src/common/mail/mail.module.js';
import { LocalStatusProbes } from '../src/modules/system-admin/infrastructure/status-probes.js';

/**
 * The Status tab's job queue figures with the queue running: counted in the background from the states shown
 * (queued, running, failed in the last 24 hours), never by the status request itself.
 */
describe('system status: the job queue', () => {
  let t: TestApp;
  let staff: Admin;
  let probes: LocalStatusProbes;

  beforeAll(async () => {
    t = await createTestApp({ JOBS_ENABLED: 'true' });
    staff = await admin(t);
    probes = t.app.get(LocalStatusProbes);
  });
  afterAll(async () => {
    await t?.close();
  });

  const jobsStatus = async () => {
    const r = await t.http().get('/api/system/status').set(...staff.adminAuth).timeout(10_000);
    expect(r.status).toBe(200);
    return r.body.services_status.jobs as { state: string; detail: string; figures: Record<string, number | string | null> };
  };

  test('queued, running and failed in the last 24 hours are counted; older failures and finished jobs are not', async () => {
    const before = await probes.sampleJobs();
    expect(before).not.toBeNull();
    // Three jobs far in the future (no worker takes them), then set as a test would find them: one failed an hour
    // ago, one failed two days ago, one completed; and a fourth left queued.
    const jobs = t.app.get(JobsService);
    for (let i = 0; i < 4; i++) expect(await jobs.send(MAIL_JOB, { id: `status-probe-${i}` }, { startAfterSeconds: 86_400 })).toBe(true);
    const ids = (await t.sql<{ id: string }>(`select id from pgboss.job where data->>'id' like 'status-probe-%' order by data->>'id'`)).map((r) => r.id);
    expect(ids).toHaveLength(4);
    await t.sql(`update pgboss.job set state = 'failed', completed_on = now() - interval '1 hour' where id = $1`, [ids[0]]);
    await t.sql(`update pgboss.job set state = 'failed', completed_on = now() - interval '2 days' where id = $1`, [ids[1]]);
    await t.sql(`update pgboss.job set state = 'completed', completed_on = now() where id = $1`, [ids[2]]);

    const after = await probes.sampleJobs();
    expect(after!.queued).toBe(before!.queued + 1);
    expect(after!.failed24h).toBe(before!.failed24h + 1);
    const s = await jobsStatus();
    expect(s.state).toBe('degraded');
    expect(s.figures).toMatchObject({ queued: after!.queued, active: after!.active, failed_24h: after!.failed24h, measured_at: after!.measuredAt.toISOString() });
    expect(s.detail).toBe(`${after!.queued} queued, ${after!.active} running, ${after!.failed24h} failed in the last 24 hours`);
  });

  test('a status request never reads the job table: it answers while the table is locked, with the last sample', async () => {
    const sample = await probes.sampleJobs();
    // Whatever reads pgboss.job waits until this transaction ends.
    await t.sql('begin');
    try {
      await t.sql('lock table pgboss.job in access exclusive mode');
      const s = await jobsStatus();
      expect(s.figures).toMatchObject({ queued: sample!.queued, failed_24h: sample!.failed24h, measured_at: sample!.measuredAt.toISOString() });
    } finally {
      await t.sql('rollback');
    }
  });
});
