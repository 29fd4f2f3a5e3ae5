import { pairDelaySeconds, throttleAddress, throttlePolicy } from './sign-in-throttle.js';

describe('the sign-in throttle policy', () => {
  const policy = throttlePolicy(5, 15);

  it('lets the first failures of a pair through, then doubles the wait up to the cap', () => {
    expect([1, 2, 3, 4].map((n) => pairDelaySeconds(n, policy))).toEqual([0, 0, 0, 0]);
    expect([5, 6, 7, 8, 14, 15, 16, 1000].map((n) => pairDelaySeconds(n, policy))).toEqual([1, 2, 4, 8, 512, 900, 900, 900]);
  });

  it('caps an address at 20 times and a person at 10 times the free failures, never above 50 an hour for a person', () => {
    expect(policy).toMatchObject({ addressFailuresPerHour: 100, personFailuresPerHour: 50, maxDelaySeconds: 900 });
    expect(throttlePolicy(20, 15).personFailuresPerHour).toBe(50);
  });

  it('counts IPv4 as is and IPv6 by its /64', () => {
    expect(throttleAddress('127.0.0.2')).toBe('127.0.0.2');
    expect(throttleAddress('::ffff:127.0.0.2')).toBe('127.0.0.2');
    expect(throttleAddress('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(throttleAddress('2001:DB8:1:2::9')).toBe('2001:db8:1:2::/64');
    expect(throttleAddress('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(throttleAddress('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(throttleAddress('::1')).toBe('0:0:0:0::/64');
    expect(throttleAddress('')).toBe('unknown');
  });
});
