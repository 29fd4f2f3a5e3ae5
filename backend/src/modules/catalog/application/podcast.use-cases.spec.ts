import { requestedBytes } from './podcast.use-cases.js';

describe('requestedBytes (downloads counted behind nginx offload)', () => {
  it('reads one range, a suffix, an open end, or the whole file', () => {
    expect(requestedBytes(undefined, 1000)).toBe(1000);
    expect(requestedBytes('bytes=0-1', 1000)).toBe(2);
    expect(requestedBytes('bytes=500-', 1000)).toBe(500);
    expect(requestedBytes('bytes=-100', 1000)).toBe(100);
    expect(requestedBytes('bytes=0-5000', 1000)).toBe(1000);
    expect(requestedBytes('bytes=0-1,5-9', 1000)).toBe(0);
  });
});
