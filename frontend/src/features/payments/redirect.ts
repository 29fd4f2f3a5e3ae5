/**
 * Leaving for the hosted checkout page. Behind an object so tests can watch the redirect (jsdom cannot navigate).
 */
export const browserNavigation = {
  assign(url: string): void {
    window.location.assign(url);
  },
};

/**
 * Where the hosted checkout sends the browser back: the signed-in shell at `/`; the provider adds `session_id` and
 * `type`, or `cancelled`.
 */
export function checkoutReturnUrl(): string {
  return `${window.location.origin}/`;
}

/** This page without its query (a Super Chat returns to the stream it was sent from; the provider adds its parameters). */
export function currentPageUrl(): string {
  return `${window.location.origin}${window.location.pathname}`;
}
