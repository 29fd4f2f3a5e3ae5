import { ApiProperty, PickType } from '@nestjs/swagger';
import { IsIn, IsInt, IsOptional, IsString, Length, Max, MaxLength, Min, MinLength, ValidateBy, type ValidationArguments } from 'class-validator';
import { EmptyAsAbsent, lengthMessage, Trimmed, WholeNumberText } from '../../../common/http/dto-rules.js';
import { PageQueryDto } from '../../../common/http/page-query.dto.js';
import { CASE_ACTIONS, type CaseAction } from '../domain/case.js';
import { CONTENT_KINDS, CONTENT_TYPES, REPORT_REASONS, isContentType, type ContentType, type ReportReason } from '../domain/content.js';
import { MODERATION_MESSAGES as M } from '../domain/moderation.errors.js';
import { APPEAL_MESSAGE_MAX, DECISION_REASON_MAX, DESCRIPTION_MAX } from '../domain/rules.js';

/** The largest timestamp a report takes (the media's own length is checked when the report is filed). */
const MAX_TIMESTAMP_SECONDS = 1_000_000_000;

/** A blank value (absent, null, empty or spaces) and any other: a reason that is blank asks the user to choose one. */
const reasonMessage = ({ value }: ValidationArguments) => (typeof value === 'string' && value.trim() !== '' ? M.reasonUnknown : M.reasonRequired);

/** A timestamp only for kinds that have a timeline. */
function OnlyForTimedContent(): PropertyDecorator {
  return ValidateBy(
    {
      name: 'onlyForTimedContent',
      validator: {
        validate: (_: unknown, args?: ValidationArguments) => {
          const type = (args?.object as { content_type?: unknown } | undefined)?.content_type;
          // An unknown content_type is reported by its own rule.
          return !isContentType(type) || CONTENT_KINDS[type].timestamps;
        },
      },
    },
    { message: M.timestampNotMedia },
  );
}

/**
 * A report (seed 000's Report Content dialog): sent as multipart as the seed's client does, or urlencoded, or JSON;
 * read with formDto, one validation for every encoding.
 */
export class ReportContentRequestDto {
  @ApiProperty({ enum: CONTENT_TYPES, description: 'What is reported: video, reel, movie, track (a music track), episode (a podcast episode), comment, user (a channel, by its account id), live_stream, live_chat_message or community_post' })
  @IsIn(CONTENT_TYPES, { message: M.contentType })
  content_type: ContentType;

  /** The reported item's id (for `user`, the channel's account id). An id that matches nothing is a 404 'Content not found'. */
  @Trimmed()
  @IsString({ message: M.contentId })
  @MinLength(1, { message: M.contentId })
  content_id: string;

  @ApiProperty({ enum: REPORT_REASONS, description: "Why; blank or missing: 'Please select a reason for reporting'" })
  @Trimmed()
  @IsIn(REPORT_REASONS, { message: reasonMessage })
  reason: ReportReason;

  /** Details, optional: up to 1000 characters (spaces around it are dropped). */
  @IsOptional()
  @Trimmed()
  @IsString({ message: M.description })
  @MaxLength(DESCRIPTION_MAX, { message: M.description })
  description?: string | null;

  /** Where in a video, reel or movie (whole seconds from its start, not past its end); not for other kinds. */
  @ApiProperty({ required: false, nullable: true, oneOf: [{ type: 'integer', minimum: 0 }, { type: 'string', pattern: '^\\d+$' }] })
  @IsOptional()
  @EmptyAsAbsent()
  @WholeNumberText()
  @IsInt({ message: M.timestamp })
  @Min(0, { message: M.timestamp })
  @Max(MAX_TIMESTAMP_SECONDS, { message: M.timestamp })
  @OnlyForTimedContent()
  timestamp_seconds?: number | null;
}

export class ReportDto {
  id: string;
  @ApiProperty({ enum: CONTENT_TYPES })
  content_type: ContentType;
  content_id: string;
  @ApiProperty({ enum: REPORT_REASONS })
  reason: ReportReason;
  description: string | null;
  timestamp_seconds: number | null;
  @ApiProperty({ enum: ['open'] })
  status: 'open';
  created_at: string;
}

export class StrikeAppealDto {
  message: string;
  @ApiProperty({ enum: ['pending', 'upheld', 'overturned'] })
  status: 'pending' | 'upheld' | 'overturned';
  created_at: string;
  decided_at: string | null;
  /** The admin's reason for upholding or overturning. */
  decision_reason: string | null;
}

export class StrikeDto {
  id: string;
  /** Why the strike was given (the admin's reason). */
  reason: string;
  @ApiProperty({ enum: CONTENT_TYPES })
  content_type: ContentType;
  content_id: string;
  /** The content as it was reported: a title, a comment's text, a channel's name. */
  content_title: string | null;
  /** The content was taken down with this strike and is still down. */
  content_removed: boolean;
  /** active for 90 days unless overturned by an appeal. */
  @ApiProperty({ enum: ['active', 'expired', 'overturned'] })
  status: 'active' | 'expired' | 'overturned';
  created_at: string;
  expires_at: string;
  /** The last moment it can be appealed (20 days after it was given). */
  appeal_deadline: string;
  /** Active, not appealed yet, and the deadline has not passed. */
  can_appeal: boolean;
  appeal: StrikeAppealDto | null;
}

export class StrikesResponseDto {
  strikes: StrikeDto[];
}

export class AppealRequestDto {
  /** Why the strike should be removed: 1 to 2000 characters (spaces around it are dropped). */
  @Trimmed()
  @Length(1, APPEAL_MESSAGE_MAX, { message: lengthMessage(M.appealNeeded, M.appealTooLong) })
  message: string;
}

export class AdminStrikeDto extends StrikeDto {
  /** The struck user. */
  user_id: string;
  username: string | null;
}

export class AdminStrikesResponseDto {
  strikes: AdminStrikeDto[];
}

export class AppealDecisionRequestDto {
  @IsIn(['uphold', 'overturn'], { message: M.decision })
  decision: 'uphold' | 'overturn';

  /** Why (shown to the user): 1 to 500 characters (spaces around it are dropped). */
  @Trimmed()
  @Length(1, DECISION_REASON_MAX, { message: lengthMessage(M.reasonNeeded, M.reasonTooLong) })
  reason: string;
}

export class CaseDecisionRequestDto {
  /** dismiss, remove (the content), strike (its owner), or remove_and_strike. A profile cannot be removed. */
  @IsIn(CASE_ACTIONS, { message: M.action })
  action: CaseAction;

  /** Why (shown to the content's owner): 1 to 500 characters (spaces around it are dropped). */
  @Trimmed()
  @Length(1, DECISION_REASON_MAX, { message: lengthMessage(M.reasonNeeded, M.reasonTooLong) })
  reason: string;
}

export class CasesQueryDto extends PageQueryDto {
  /** open (the default: the queue) or resolved. */
  @IsOptional()
  @EmptyAsAbsent()
  @IsIn(['open', 'resolved'], { message: M.caseStatus })
  status?: 'open' | 'resolved';
}

/** Paging of the audit log. */
export class AuditQueryDto extends PickType(PageQueryDto, ['limit', 'cursor'] as const) {}

export class UserRefDto {
  user_id: string;
  /** Null when the user no longer exists. */
  username: string | null;
}

/** The content as it was when first reported (and what can be played of it now). Fields a kind does not have are null. */
export class ContentSnapshotDto {
  /** A media item's title; for a comment, the title of the item it is on; for a profile, the channel's name. */
  title: string | null;
  /** A media item's description; for a profile, its bio. */
  description: string | null;
  /** A comment's text. */
  text: string | null;
  channel_name: string | null;
  handle: string | null;
  thumbnail_url: string | null;
  /** The stream to preview now; null when it cannot be played (removed, deleted, not ready, or not media). */
  stream_url: string | null;
  /** The media item it is, or a comment is on (video, reel, movie). */
  media_kind: string | null;
  media_id: string | null;
  /** Taken down by moderation now. */
  removed: boolean;
}

export class ReportEntryDto {
  id: string;
  reporter: UserRefDto;
  @ApiProperty({ enum: REPORT_REASONS })
  reason: ReportReason;
  description: string | null;
  timestamp_seconds: number | null;
  created_at: string;
}

export class CaseDto {
  id: string;
  @ApiProperty({ enum: CONTENT_TYPES })
  content_type: ContentType;
  content_id: string;
  @ApiProperty({ enum: ['open', 'resolved'] })
  status: 'open' | 'resolved';
  report_count: number;
  first_reported_at: string;
  last_reported_at: string;
  /** The content's owner (the user a strike would go to). */
  owner: UserRefDto | null;
  content: ContentSnapshotDto;
  /** The latest 50 reports, newest first. */
  reports: ReportEntryDto[];
  @ApiProperty({ enum: ['dismissed', 'removed', 'struck', 'removed_and_struck'], nullable: true })
  resolution: 'dismissed' | 'removed' | 'struck' | 'removed_and_struck' | null;
  resolution_reason: string | null;
  resolved_at: string | null;
  /** The deciding admin's display name. */
  resolved_by: string | null;
}

export class CasesResponseDto {
  cases: CaseDto[];
  /** The next page's cursor; null on the last page. */
  next_cursor: string | null;
}

export class AuditEntryDto {
  id: string;
  admin_username: string | null;
  @ApiProperty({ enum: [...CASE_ACTIONS, 'uphold_appeal', 'overturn_appeal'] })
  action: 'dismiss' | 'remove' | 'strike' | 'remove_and_strike' | 'uphold_appeal' | 'overturn_appeal';
  @ApiProperty({ enum: CONTENT_TYPES })
  content_type: ContentType;
  content_id: string;
  target_user_id: string | null;
  target_username: string | null;
  case_id: string | null;
  strike_id: string | null;
  reason: string;
  created_at: string;
}

export class AuditResponseDto {
  entries: AuditEntryDto[];
  next_cursor: string | null;
}
