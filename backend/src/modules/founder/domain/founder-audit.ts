/** One thing the founder did (or tried: a refused sign-in is recorded too), written once, never changed. */
export interface FounderAuditEntry {
  id: string;
  /** A short dotted name: `founder.signed_in`, `founder.sign_in_refused`, `bank_account.saved`, `emergency.maintenance_on`… */
  action: string;
  /** What it was done to, when it names one thing (a control's name, a withdrawal's id). */
  target: string | null;
  /** The particulars worth keeping (the new value, the reason, the outcome); never a secret, never a full bank number. */
  detail: Record<string, unknown> | null;
  /** The client address the request came from, when there was a request. */
  address: string | null;
  createdAt: Date;
}

export interface FounderAuditInput {
  action: string;
  target?: string | null;
  detail?: Record<string, unknown> | null;
  address?: string | null;
}
