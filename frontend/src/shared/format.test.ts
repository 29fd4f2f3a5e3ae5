import { describe, expect, test } from '@jest/globals';
import { errorDetail } from './apiError';
import { formatDate, formatUptime } from './format';

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

  test("an API error's detail is shown, anything else gives the fallback", () => {
    expect(errorDetail({ statusCode: 409, code: 'X', detail: 'Email is already registered', message: '' }, 'F')).toBe(
      'Email is already registered',
    );
    expect(errorDetail({ message: 'Cannot POST /api/x' }, 'Registration failed')).toBe('Registration failed');
    expect(errorDetail(undefined, 'Login failed')).toBe('Login failed');
    expect(errorDetail('<html>', 'Login failed')).toBe('Login failed');
  });
});
