import { beyondRetention, dailyBackupDue, type Backup, type VerifyStatus } from '../src/modules/system-admin/domain/backup.js';

/** Retention (domain/backup.ts): which backups go when only the last N are kept. */
const backup = (name: string, hoursAgo: number, verifyStatus: VerifyStatus): Backup => ({
  name,
  path: `/data/backups/${name}`,
  sizeBytes: 1,
  createdAt: new Date(Date.UTC(2026, 10, 24, 12) - hoursAgo * 3600_000),
  createdBy: null,
  kind: 'manual',
  verifyStatus,
  verifyError: verifyStatus === 'failed' ? 'checksum mismatch' : null,
  verifiedAt: null,
});
const names = (list: Backup[]) => list.map((b) => b.name);

describe('retention', () => {
  it('removes the oldest beyond N', () => {
    expect(names(beyondRetention([backup('a', 3, 'verified'), backup('b', 2, 'verified'), backup('c', 1, 'verified')], 2))).toEqual(['a']);
  });

  it('never removes the newest verified backup, however many newer ones are pending or failed', () => {
    const list = [backup('verified', 10, 'verified'), backup('older', 20, 'verified'), backup('p1', 2, 'pending'), backup('p2', 1, 'pending')];
    expect(names(beyondRetention(list, 1))).toEqual(['p1', 'older']);
  });

  it('does not count failed backups toward N: they go once N newer good ones exist', () => {
    const list = [backup('good-old', 5, 'verified'), backup('failed-1', 2, 'failed'), backup('failed-2', 1, 'failed'), backup('good-new', 0, 'pending')];
    expect(names(beyondRetention(list, 2))).toEqual([]);
    // Two good ones newer than them now: the failed ones go; good-old stays, as the newest verified one.
    expect(names(beyondRetention([...list, backup('newest', -1, 'pending')], 2))).toEqual(['failed-2', 'failed-1']);
  });
});

describe('the daily backup', () => {
  const on = { keepLast: 7, dailyEnabled: true, dailyHourUtc: 3 };
  const noon = new Date('2026-11-24T12:00:00Z');
  it('is due after its hour when none was made today, and not within an hour of the last attempt', () => {
    expect(dailyBackupDue(on, noon, '2026-11-23')).toBe(true);
    expect(dailyBackupDue(on, noon, '2026-11-24')).toBe(false);
    expect(dailyBackupDue(on, new Date('2026-11-24T02:59:00Z'), '2026-11-23')).toBe(false);
    expect(dailyBackupDue(on, noon, '2026-11-23', new Date('2026-11-24T11:30:00Z'))).toBe(false);
    expect(dailyBackupDue(on, noon, '2026-11-23', new Date('2026-11-24T10:59:00Z'))).toBe(true);
  });
});
