import { describe, expect, test } from '@jest/globals';
import { errorDetail } from './apiError';
import { formatBytes, formatClock, formatCount, formatDate, formatDollars, formatRelativeTime, formatUptime, formatViews } from './format';

describe('formatting', () => {
  test('uptime reads in the two largest units', () => {
    expect(formatUptime(5)).toBe('5s');
    expect(formatUptime(125)).toBe('2m 5s');
    expect(formatUptime(3 * 3600 + 120)).toBe('3h 2m');
    expect(formatUptime(93_784)).toBe('1d 2h 3m');
  });

  test('dates read as day month year', () => {
    expect(formatDate('2025-01-15T10:00:00.000Z')).toBe('15 January 2025');
    expect(formatDate('not a date')).toBe('not a date');
  });

  test('relative times read as a person would say them', () => {
    const now = Date.parse('2025-03-12T12:00:00.000Z');
    expect(formatRelativeTime('2025-03-12T11:59:30.000Z', now)).toBe('just now');
    expect(formatRelativeTime('2025-03-12T11:55:00.000Z', now)).toBe('5 minutes ago');
    expect(formatRelativeTime('2025-03-12T09:00:00.000Z', now)).toBe('3 hours ago');
    expect(formatRelativeTime('2025-03-11T10:00:00.000Z', now)).toBe('yesterday');
    expect(formatRelativeTime('2025-02-19T12:00:00.000Z', now)).toBe('3 weeks ago');
    expect(formatRelativeTime('2024-03-01T12:00:00.000Z', now)).toBe('last year');
    expect(formatRelativeTime('soon', now)).toBe('soon');
  });

  test("an API error's detail is shown, anything else gives the fallback", () => {
    expect(errorDetail({ statusCode: 409, code: 'X', detail: 'Email is already registered', message: '' }, 'F')).toBe(
      'Email is already registered',
    );
    expect(errorDetail({ message: 'Cannot POST /api/x' }, 'Registration failed')).toBe('Registration failed');
    expect(errorDetail(undefined, 'Login failed')).toBe('Login failed');
    expect(errorDetail('<html>', 'Login failed')).toBe('Login failed');
  });

  test('counts read with K above 999 and M above 999,999 (seed 002 §2.6, §9), never rounded up', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1000)).toBe('1K');
    expect(formatCount(1250)).toBe('1.2K');
    expect(formatCount(15_300)).toBe('15.3K');
    expect(formatCount(999_999)).toBe('999.9K');
    expect(formatCount(1_000_000)).toBe('1M');
    expect(formatCount(2_345_678)).toBe('2.3M');
  });

  test('views, dollars, durations and sizes', () => {
    expect(formatViews(1)).toBe('1 view');
    expect(formatViews(5230)).toBe('5,230 views');
    expect(formatDollars(12.75)).toBe('$12.75');
    expect(formatDollars(1234.5)).toBe('$1,234.50');
    expect(formatClock(65)).toBe('1:05');
    expect(formatClock(3723)).toBe('1:02:03');
    expect(formatBytes(512)).toBe('512 bytes');
    expect(formatBytes(5 * 1024 * 1024)).toBe('5 MB');
    expect(formatBytes(274_877_906_944)).toBe('256 GB');
  });
});
