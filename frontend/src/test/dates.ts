import { utcIsoDate } from '../features/auth/validation';

/** 'YYYY-MM-DD' for the day `years` years before today, counted on the UTC date as the server does. */
export function yearsAgo(years: number, today: Date = new Date()): string {
  const iso = utcIsoDate(today);
  return `${Number(iso.slice(0, 4)) - years}${iso.slice(4)}`;
}
