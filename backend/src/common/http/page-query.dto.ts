import { IsOptional, Matches, MaxLength } from 'class-validator';

export const PAGE_QUERY_MESSAGES = {
  limit: 'limit must be a whole number',
  cursor: 'Invalid cursor',
} as const;

/** The paging parameters of a list: `limit` and `cursor`. Lists extend it with their own filters. */
export class PageQueryDto {
  /** How many items, as digits: 1 to 100 (a larger number gives 100; 0 or none gives the list's default). */
  @IsOptional()
  @Matches(/^\d+$/, { message: PAGE_QUERY_MESSAGES.limit })
  limit?: string;

  /** Where the page starts: the previous page's next cursor. */
  @IsOptional()
  @MaxLength(200, { message: PAGE_QUERY_MESSAGES.cursor })
  cursor?: string;
}
