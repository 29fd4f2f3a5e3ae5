/** Moderation's constants (product.md §9). */
export const MAX_REPORTS_PER_HOUR = 20;
export const REPORT_WINDOW_MS = 60 * 60_000;
/** A strike is active this long after it is given, unless an appeal overturns it. */
export const STRIKE_DAYS = 90;
/** It can be appealed (once) this long after it is given. */
export const APPEAL_DAYS = 20;
export const DAY_MS = 86_400_000;
/** How many reports a case shows in the queue, newest first. */
export const REPORTS_SHOWN_PER_CASE = 50;
export const DESCRIPTION_MAX = 1000;
export const DECISION_REASON_MAX = 500;
export const APPEAL_MESSAGE_MAX = 2000;
