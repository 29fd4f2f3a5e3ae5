/** Texts of seed 001 §8 (payments, premium, memberships) used verbatim, and the few the flow adds. */
export const PAYMENT_MESSAGES = {
  processing: 'Payment is being processed...',
  expired: 'Payment session expired. Please try again.',
  failedOrExpired: 'Payment failed or expired. Please try again.',
  timedOut: 'Payment status check timed out. Please check your account.',
  checkFailed: 'Error checking payment status. Please try again.',
  /** The server does not know the session as the user's (404): retrying cannot help. */
  verifyFailed: 'Error verifying payment. Please contact support if charged.',
  cancelled: 'Payment cancelled. You can try again anytime.',
  subscribed: (packageName: string) => `Successfully subscribed to ${packageName}!`,
  premiumSubscribed: 'Successfully subscribed to Premium!',
  superChatSent: 'Super Chat sent!',
  subscriptionFailed: (detail: string) => `Failed to process subscription: ${detail}`,
  membershipFailed: (detail: string) => `Failed to process membership: ${detail}`,
  superChatFailed: (detail: string) => `Failed to send Super Chat: ${detail}`,
  /** Shown in the overlay before the first answer. */
  checking: 'Checking your payment...',
  /** When the server gives no detail (no answer, or a proxy's error page). */
  noDetail: 'the server did not answer. Please try again.',
} as const;

/** Seed 001 §9: the payment status is polled every 2 s, at most 5 times. */
export const PAYMENT_POLL = { intervalMs: 2000, maxAttempts: 5 } as const;

/** Where the pending checkout (session id and type) waits while the user is on the hosted page. */
export const PENDING_PAYMENT_KEY = 'scriven.pendingPayment';
