export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  /** The text carries a secret (a one-time link): it is removed from the outbox once delivered. */
  sensitive?: boolean;
}

/** Puts a mail in the outbox inside the caller's unit of work; it is delivered by a durable job after commit. */
export interface Mailer {
  enqueue(mail: OutgoingMail): void;
}

export const MAILER = Symbol('Mailer');
