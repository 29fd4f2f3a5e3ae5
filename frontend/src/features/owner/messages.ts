/** Texts of seed 001 (§5, §8, platform owner earnings), used verbatim, and the page's own. */
export const OWNER_MESSAGES = {
  loadFailed: 'Failed to load earnings data',
  bankAdded: 'Bank account added successfully!',
  bankFailed: (detail: string) => `Failed to add bank account: ${detail}`,
  withdrawn: 'Withdrawal request submitted successfully!',
  withdrawFailed: (detail: string) => `Withdrawal failed: ${detail}`,
  /** Seed 001 §5: 'Minimum withdrawal amount is ${minimum}' (default 100; the server's value preferred). */
  minimumWithdrawal: (minimum: number) => `Minimum withdrawal amount is $${wholeOrCents(minimum)}`,
  invalidWithdrawal: 'Invalid withdrawal amount',
  adminsOnly: 'The Updates section is for administrators.',
  /** When the server gives no detail (no answer, or a proxy's error page). */
  noDetail: 'the server did not answer. Please try again.',
} as const;

/** Seed 001 §9: the owner's minimum withdrawal when the server does not say. */
export const DEFAULT_MINIMUM_WITHDRAWAL = 100;

/** The four fields of the bank account form (seed 001 §3), with what a missing one says. */
export const BANK_FIELDS = [
  { name: 'bank_name', label: 'Bank name', required: 'Bank name is required' },
  { name: 'account_holder_name', label: 'Account holder name', required: 'Account holder name is required' },
  { name: 'account_number', label: 'Account number', required: 'Account number is required' },
  { name: 'routing_number', label: 'Routing number', required: 'Routing number is required' },
] as const;

export type BankField = (typeof BANK_FIELDS)[number]['name'];

/** "100" for a whole amount, "100.50" otherwise. */
function wholeOrCents(amount: number): string {
  return Number.isInteger(amount) ? String(amount) : amount.toFixed(2);
}
