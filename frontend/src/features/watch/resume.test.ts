import { describe, expect, test } from '@jest/globals';
import { readResume, saveResume } from './resume';

const stored = () => JSON.parse(window.localStorage.getItem('scriven.resume') ?? '{}') as Record<string, number>;

describe('resume points (kept in this browser)', () => {
  test('a video never watched has none', () => {
    expect(readResume('video-1', 120)).toBeNull();
  });

  test('a position is kept in whole seconds and read back', () => {
    saveResume('video-1', 42.7, 120);
    expect(stored()).toEqual({ 'video-1': 42 });
    expect(readResume('video-1', 120)).toBe(42);
  });

  test('a position near the start or the end is not worth resuming, and forgets the one before', () => {
    saveResume('video-1', 42, 120);
    saveResume('video-1', 3, 120);
    expect(readResume('video-1', 120)).toBeNull();

    saveResume('video-1', 42, 120);
    saveResume('video-1', 117, 120);
    expect(readResume('video-1', 120)).toBeNull();
    expect(stored()).toEqual({});
  });

  test('a position read against a shorter length (near its end) is not resumed; an unknown length does not matter', () => {
    saveResume('video-1', 60, Number.NaN);
    expect(readResume('video-1', Number.NaN)).toBe(60);
    expect(readResume('video-1', 63)).toBeNull();
  });

  test('only the last 200 videos are kept, the oldest forgotten first', () => {
    for (let i = 0; i < 205; i += 1) saveResume(`video-${i}`, 30, 120);
    const ids = Object.keys(stored());
    expect(ids).toHaveLength(200);
    expect(ids[0]).toBe('video-5');
    expect(readResume('video-4', 120)).toBeNull();
    expect(readResume('video-204', 120)).toBe(30);
  });

  test('saving again moves a video to the newest place', () => {
    saveResume('video-a', 30, 120);
    saveResume('video-b', 30, 120);
    saveResume('video-a', 40, 120);
    expect(Object.keys(stored())).toEqual(['video-b', 'video-a']);
  });

  test('unreadable storage reads as nothing, and is replaced on the next save', () => {
    window.localStorage.setItem('scriven.resume', 'not json');
    expect(readResume('video-1', 120)).toBeNull();
    saveResume('video-1', 30, 120);
    expect(stored()).toEqual({ 'video-1': 30 });

    window.localStorage.setItem('scriven.resume', JSON.stringify({ 'video-1': 'soon' }));
    expect(readResume('video-1', 120)).toBeNull();
  });
});
