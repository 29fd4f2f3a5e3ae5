/**
 * Money in integer cents (US dollars), never a float. Amounts sent in are parsed exactly; amounts sent out are
 * numbers of dollars with two decimals, as the seeds display them.
 */
export class Money {
  private constructor(readonly cents: number) {}

  static cents(cents: number): Money {
    if (!Number.isSafeInteger(cents)) throw new Error(`not a whole number of cents: ${cents}`);
    return new Money(cents);
  }

  static dollars(dollars: number): Money {
    return Money.cents(Math.round(dollars * 100));
  }

  /**
   * Parses dollars sent by a client ("12", "12.5", "12.50", 12.5): null for anything else, for more than two
   * decimals, for zero or less, and beyond a billion dollars.
   */
  static parsePositive(raw: unknown): Money | null {
    let text: string;
    if (typeof raw === 'number') {
      if (!Number.isFinite(raw)) return null;
      text = String(raw);
    } else if (typeof raw === 'string') text = raw.trim();
    else return null;
    const m = /^(\d{1,10})(?:\.(\d{1,2}))?$/.exec(text);
    if (!m) return null;
    const cents = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
    if (cents <= 0 || cents > 100_000_000_000) return null;
    return new Money(cents);
  }

  /** A share of this amount in whole cents, rounded down (the remainder goes to the platform). */
  percent(pct: number): Money {
    return new Money(Math.floor((this.cents * pct) / 100));
  }

  minus(other: Money): Money {
    return new Money(this.cents - other.cents);
  }

  /** Dollars with two decimals, as a number (12.5 for $12.50): the API's shape. */
  toDollars(): number {
    return toDollars(this.cents);
  }

  format(): string {
    return formatDollars(this.cents);
  }
}

export function toDollars(cents: number | bigint | string): number {
  return Math.round(Number(cents)) / 100;
}

export function formatDollars(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}$${Math.floor(abs / 100).toLocaleString('en-US')}.${String(abs % 100).padStart(2, '0')}`;
}
