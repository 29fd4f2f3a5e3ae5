/** 'YYYY-MM-DD' for the day `years` years before today. */
export function yearsAgo(years: number, today: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${today.getFullYear() - years}-${pad(today.getMonth() + 1)}-${pad(today.getDate())}`;
}
