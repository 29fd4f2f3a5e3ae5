import { Allow } from 'class-validator';

export class FeedbackRequestDto {
  /** 1 to 2000 characters. */
  @Allow() message: string;
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
