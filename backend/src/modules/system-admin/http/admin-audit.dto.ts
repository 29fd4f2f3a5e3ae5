import { ApiProperty } from '@nestjs/swagger';

export class AdminAuditEntryDto {
  @ApiProperty({ format: 'uuid' })
  id: string;
  /** The admin's display name when the action was taken. */
  admin_username: string | null;
  /** `admin.signed_in`, `admin.granted`, `admin.revoked`, `feature.enabled`, `backup.created`, `update.applied`… */
  action: string;
  /** What it was done to (a user id, a flag's name, a backup's name, a version). */
  target: string | null;
  /** The particulars (never a secret). */
  @ApiProperty({ type: 'object', additionalProperties: true, nullable: true })
  detail: Record<string, unknown> | null;
  created_at: string;
}

export class AdminAuditResponseDto {
  /** Newest first. */
  items: AdminAuditEntryDto[];
  /** Pass as `cursor` for the next page; null on the last page. */
  next_cursor: string | null;
}
