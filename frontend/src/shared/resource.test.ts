import { sendChange } from './apiError';
import { Resource } from './resource';

describe('Resource', () => {
  test('shows the latest answer only, keeps the shown value during a refresh, and says error when none came', async () => {
    const r = new Resource<string>();
    let release: (v: string) => void = () => undefined;
    const slow = r.load(() => new Promise<string>((resolve) => (release = resolve)));
    expect(r.status).toBe('loading');
    expect(await r.load(async () => 'fresh')).toBe(true);
    release('stale');
    expect(await slow).toBe(false);
    expect(r.data).toBe('fresh');

    const refresh = r.load(async () => undefined);
    expect(r.status).toBe('ready'); // the shown value stays while the refresh runs
    expect(await refresh).toBe(false);
    expect(r.status).toBe('error');
    expect(r.data).toBe('fresh');

    expect(await r.load(() => Promise.reject(new Error('network')))).toBe(false);
    r.reset();
    expect([r.status, r.data]).toEqual(['idle', null]);
  });
});

describe('sendChange', () => {
  test('ok with the data the server accepted; otherwise its sentence, or the fallback', async () => {
    expect(await sendChange(async () => ({ data: { success: true } }), 'fallback', (d) => d.success)).toEqual({ ok: true, data: { success: true } });
    expect(await sendChange(async () => ({ data: { success: false } }), 'fallback', (d) => d.success)).toEqual({ ok: false, detail: 'fallback' });
    expect(await sendChange(async () => ({ error: { detail: 'Minimum payout is $50.00' } }), 'fallback')).toEqual({ ok: false, detail: 'Minimum payout is $50.00' });
    expect(await sendChange(() => Promise.reject(new TypeError('Failed to fetch')), 'fallback')).toEqual({ ok: false, detail: 'fallback' });
  });
});
