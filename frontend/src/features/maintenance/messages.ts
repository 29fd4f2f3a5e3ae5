/** What the maintenance screen says (the server's own detail is shown under the title). */
export const MAINTENANCE_MESSAGES = {
  title: 'Scriven is down for maintenance',
  /** Shown when the server's answer carried no detail of its own. */
  defaultDetail: 'Scriven is down for maintenance. Please try again soon.',
  tryAgain: 'Try again',
  checking: 'Checking…',
  stillDown: 'Still down for maintenance. This page checks again every 15 seconds.',
  unreachable: 'The server could not be reached. This page checks again every 15 seconds.',
  autoCheck: 'This page checks every 15 seconds and goes away by itself when Scriven is back.',
} as const;
