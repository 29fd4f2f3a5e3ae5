import { LiveStream } from './live-stream.js';
import { readableDuration } from './live.rules.js';

const at = (s: number) => new Date(Date.UTC(2026, 10, 24, 12, 0, s));
const start = () => LiveStream.start('owner', { title: '  Title  ', description: ' d ', isVertical: false, superChatEnabled: true }, at(0));

describe('LiveStream', () => {
  it('starts created, trimmed, with no likes and slow mode off', () => {
    expect(start()).toMatchObject({ userId: 'owner', title: 'Title', description: 'd', status: 'created', likes: 0, slowModeSeconds: 0, liveAt: null, endedAt: null });
  });

  it('goes created → live (once) → ended; an ended stream never goes live again', () => {
    const s = start();
    expect(s.markLive(at(5))).toBe(true);
    expect(s.markLive(at(6))).toBe(false);
    expect(s).toMatchObject({ status: 'live', liveAt: at(5) });
    s.end('owner', at(9));
    expect(s).toMatchObject({ status: 'ended', endedAt: at(9) });
    expect(s.markLive(at(10))).toBe(false);
    expect(() => s.end('owner', at(11))).toThrow('This live stream has ended');
  });

  it('is ended and moderated by its owner only', () => {
    const s = start();
    expect(() => s.end('someone', at(1))).toThrow('Only the streamer can do this');
    expect(() => s.setSlowMode('someone', 30)).toThrow('Only the streamer can do this');
    s.setSlowMode('owner', 30);
    expect(s.slowModeSeconds).toBe(30);
    expect(() => s.timeOut('someone', 'viewer', 60, at(1))).toThrow('Only the streamer can do this');
  });

  it('holds its limits for any caller, not only the request DTOs', () => {
    const input = { title: 'ok', description: '', isVertical: false, superChatEnabled: false };
    expect(() => LiveStream.start('owner', { ...input, title: '   ' }, at(0))).toThrow('Please enter a title');
    expect(() => LiveStream.start('owner', { ...input, title: 'x'.repeat(101) }, at(0))).toThrow('Title must be at most 100 characters');
    expect(() => LiveStream.start('owner', { ...input, description: 'x'.repeat(5001) }, at(0))).toThrow('Description must be at most 5000 characters');
    const s = start();
    for (const bad of [-1, 3601, 1.5]) expect(() => s.setSlowMode('owner', bad)).toThrow('seconds must be a whole number from 0 (off) to 3600');
    for (const bad of [9, 86_401, 10.5]) expect(() => s.timeOut('owner', 'viewer', bad, at(0))).toThrow('seconds must be a whole number from 10 to 86400');
    expect(() => s.timeOut('owner', 'owner', 60, at(0))).toThrow('You cannot time yourself out');
    expect(s.timeOut('owner', 'viewer', 60, at(0))).toEqual(at(60));
    s.end('owner', at(1));
    expect(() => s.timeOut('owner', 'viewer', 60, at(2))).toThrow('This live stream has ended');
  });
});

describe('readableDuration', () => {
  it.each([
    [0.2, '1 s'],
    [59, '59 s'],
    [60, '1 min'],
    [61, '2 min'],
    [3600, '1 h'],
    [3601, '1 h 1 min'],
    [86_399, '24 h'],
    [86_340, '23 h 59 min'],
  ])('%s seconds read "%s"', (seconds, text) => expect(readableDuration(seconds)).toBe(text));
});
