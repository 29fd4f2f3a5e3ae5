import { randomUUID } from 'node:crypto';
import { ValidationError, DomainError } from '../../../common/errors/domain-error.js';

export const FEEDBACK_MAX = 2000;
export const FEEDBACK_PER_HOUR = 10;
export const FEEDBACK_MESSAGES = {
  required: 'Feedback message is required',
  tooLong: `Feedback must be at most ${FEEDBACK_MAX} characters`,
} as const;

/** A message a user sends to the instance's admins (Settings menu → Send feedback). */
export class Feedback {
  id: string = randomUUID();
  /** Null once the user deleted themselves: the message stays for the admins, without its author. */
  userId: string | null;
  message: string;
  createdAt: Date = new Date();

  static submit(userId: string, message: unknown): Feedback {
    const text = typeof message === 'string' ? message.trim() : '';
    if (!text) throw new ValidationError([{ field: 'message', message: FEEDBACK_MESSAGES.required }]);
    if (text.length > FEEDBACK_MAX) throw new ValidationError([{ field: 'message', message: FEEDBACK_MESSAGES.tooLong }]);
    const f = new Feedback();
    f.userId = userId;
    f.message = text;
    return f;
  }
}

export const TooMuchFeedback = () =>
  new DomainError('rate_limited', 'SYSTEM.FEEDBACK_RATE_LIMITED', 'You have sent a lot of feedback in the last hour. Please try again later.', undefined, 3600);
