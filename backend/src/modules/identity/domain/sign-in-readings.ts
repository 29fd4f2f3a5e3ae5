/**
 * What the sign-in throttle (sign-in-throttle.ts) knows about failed sign-ins, for the founder's security figures:
 * read-only, from the same rows the throttle counts with.
 */
export interface SignInReadings {
  /**
   * Failed sign-ins (users' and admins') counted by (person, address) pairs whose last failure is less than 24 hours
   * old: a pair's failures are forgotten 24 h after its last one, or at its next success.
   */
  recentFailures(now: Date): Promise<number>;
  /** The addresses the throttle holds back now: a pair waiting out its delay, or an address over its hourly cap. */
  throttledAddresses(now: Date, limit: number): Promise<string[]>;
}

export const SIGN_IN_READINGS = Symbol('SignInReadings');
