import { DomainError } from '../../../common/errors/domain-error.js';
import { DESCRIPTION_MAX, GAME_MAX, MESSAGE_MAX, MESSAGES_PER_WINDOW, MESSAGE_WINDOW_MS, readableDuration, SLOW_MODE_MAX_SECONDS, TIMEOUT_MAX_SECONDS, TIMEOUT_MIN_SECONDS, TITLE_MAX } from './live.rules.js';

export class LiveError extends DomainError {}

/** Live's messages (the seed's where it has one: a missing title is the reel form's 'Please enter a title'), used verbatim by DTOs and domain. */
export const LIVE_MESSAGES = {
  titleRequired: 'Please enter a title',
  titleTooLong: `Title must be at most ${TITLE_MAX} characters`,
  descriptionTooLong: `Description must be at most ${DESCRIPTION_MAX} characters`,
  gameRequired: 'Please enter a game',
  gameTooLong: `Game must be at most ${GAME_MAX} characters`,
  flag: (name: string) => `${name} must be true or false`,
  messageRequired: 'Please enter a message',
  messageTooLong: `Message must be at most ${MESSAGE_MAX} characters`,
  slowMode: `seconds must be a whole number from 0 (off) to ${SLOW_MODE_MAX_SECONDS}`,
  timeoutSeconds: `seconds must be a whole number from ${TIMEOUT_MIN_SECONDS} to ${TIMEOUT_MAX_SECONDS} (10 seconds to 24 hours)`,
  userId: 'user_id must be the id of a user',
} as const;

export const liveErrors = {
  /** A rule the request DTOs check first, held here for every other caller too (the DTO's message and field). */
  invalid: (field: string, message: string) => new LiveError('invalid', 'VALIDATION_FAILED', message, [{ field, message }]),
  streamNotFound: () => new LiveError('not_found', 'LIVE.STREAM_NOT_FOUND', 'Live stream not found'),
  alreadyLive: () => new LiveError('conflict', 'LIVE.ALREADY_LIVE', 'You already have a live stream: end it before starting another'),
  notOwner: () => new LiveError('forbidden', 'LIVE.NOT_OWNER', 'Only the streamer can do this'),
  ended: () => new LiveError('conflict', 'LIVE.ENDED', 'This live stream has ended'),
  /** Its playback is over (the recording, once processed, is a video of the streamer). */
  playbackEnded: () => new LiveError('gone', 'LIVE.ENDED', 'This live stream has ended'),
  notStarted: () => new LiveError('not_found', 'LIVE.NOT_STARTED', 'This live stream has not started yet'),
  fileNotFound: () => new LiveError('not_found', 'LIVE.FILE_NOT_FOUND', 'Not found'),
  tooManyMessages: (retryAfterSeconds: number) =>
    new LiveError(
      'rate_limited',
      'LIVE.TOO_MANY_MESSAGES',
      `You are sending messages too fast: at most ${MESSAGES_PER_WINDOW} every ${MESSAGE_WINDOW_MS / 1000} seconds. Try again in ${readableDuration(retryAfterSeconds)}.`,
      undefined,
      retryAfterSeconds,
    ),
  slowMode: (slowModeSeconds: number, retryAfterSeconds: number) =>
    new LiveError(
      'rate_limited',
      'LIVE.SLOW_MODE',
      `Slow mode is on: one message every ${readableDuration(slowModeSeconds)}. You can send another in ${readableDuration(retryAfterSeconds)}.`,
      undefined,
      retryAfterSeconds,
    ),
  timedOut: (remainingSeconds: number) => new LiveError('forbidden', 'LIVE.TIMED_OUT', `You are timed out of this chat for ${readableDuration(remainingSeconds)} more`),
  messageNotFound: () => new LiveError('not_found', 'LIVE.MESSAGE_NOT_FOUND', 'Message not found'),
  userNotFound: () => new LiveError('not_found', 'LIVE.USER_NOT_FOUND', 'User not found'),
  selfTimeout: () => {
    const message = 'You cannot time yourself out';
    return new LiveError('invalid', 'LIVE.SELF_TIMEOUT', message, [{ field: 'user_id', message }]);
  },
};
