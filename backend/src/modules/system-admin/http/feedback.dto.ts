import { Length } from 'class-validator';
import { Trimmed, lengthMessage } from '../../../common/http/dto-rules.js';
import { FEEDBACK_MAX, FEEDBACK_MESSAGES } from '../domain/feedback.js';

export class FeedbackRequestDto {
  /** 1 to 2000 characters (spaces around it are dropped). */
  @Trimmed()
  @Length(1, FEEDBACK_MAX, { message: lengthMessage(FEEDBACK_MESSAGES.required, FEEDBACK_MESSAGES.tooLong) })
  message: string;
}

export class FeedbackItemDto {
  id: string;
  /** Null when the author has since deleted their account. */
  user_id: string | null;
  message: string;
  created_at: string;
}

export class FeedbackListResponseDto {
  items: FeedbackItemDto[];
  /** Pass as `cursor` for the next page; null on the last page. */
  next_cursor: string | null;
}
