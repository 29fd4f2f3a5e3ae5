import type { CaseView, StrikeView } from '../application/views.js';
import type { AuditEntry } from '../domain/audit.js';
import type { Report } from '../domain/report.js';
import type { AdminStrikeDto, AuditEntryDto, CaseDto, ReportDto, StrikeDto } from './moderation.dto.js';

const iso = (d: Date | null): string | null => d?.toISOString() ?? null;

export const reportDto = (r: Report): ReportDto => ({
  id: r.id,
  content_type: r.contentType,
  content_id: r.contentId,
  reason: r.reason,
  description: r.description,
  timestamp_seconds: r.timestampSeconds,
  status: 'open',
  created_at: r.createdAt.toISOString(),
});

export const strikeDto = ({ strike: s, status, canAppeal }: StrikeView): StrikeDto => ({
  id: s.id,
  reason: s.reason,
  content_type: s.contentType,
  content_id: s.contentId,
  content_title: s.contentTitle,
  content_removed: s.contentRemoved,
  status,
  created_at: s.createdAt.toISOString(),
  expires_at: s.expiresAt.toISOString(),
  appeal_deadline: s.appealDeadline.toISOString(),
  can_appeal: canAppeal,
  appeal: s.appeal
    ? { message: s.appeal.message, status: s.appeal.status, created_at: s.appeal.createdAt.toISOString(), decided_at: iso(s.appeal.decidedAt), decision_reason: s.appeal.decisionReason }
    : null,
});

export const adminStrikeDto = (v: StrikeView): AdminStrikeDto => ({ ...strikeDto(v), user_id: v.strike.userId, username: v.username });

export function caseDto(v: CaseView): CaseDto {
  const c = v.case;
  const s = c.snapshot;
  return {
    id: c.id,
    content_type: c.contentType,
    content_id: c.contentId,
    status: c.status,
    report_count: c.reportCount,
    first_reported_at: c.firstReportedAt.toISOString(),
    last_reported_at: c.lastReportedAt.toISOString(),
    owner: c.ownerUserId ? { user_id: c.ownerUserId, username: v.ownerUsername } : null,
    content: {
      title: s.title,
      description: s.description,
      text: s.text,
      channel_name: s.channelName,
      handle: s.handle,
      // What can be shown now (a removed item's thumbnail is no longer served); a profile's photo as it was.
      thumbnail_url: v.preview ? v.preview.thumbnailUrl : s.thumbnailUrl,
      stream_url: v.preview?.streamUrl ?? null,
      media_kind: s.mediaKind,
      media_id: s.mediaId,
      removed: v.removed,
    },
    reports: v.reports.map(({ report: r, reporterUsername }) => ({
      id: r.id,
      reporter: { user_id: r.reporterUserId, username: reporterUsername },
      reason: r.reason,
      description: r.description,
      timestamp_seconds: r.timestampSeconds,
      created_at: r.createdAt.toISOString(),
    })),
    resolution: c.resolution,
    resolution_reason: c.resolutionReason,
    resolved_at: iso(c.resolvedAt),
    resolved_by: v.resolvedByUsername,
  };
}

export const auditEntryDto = (e: AuditEntry): AuditEntryDto => ({
  id: e.id,
  admin_username: e.adminUsername,
  action: e.action,
  content_type: e.contentType,
  content_id: e.contentId,
  target_user_id: e.targetUserId,
  target_username: e.targetUsername,
  case_id: e.caseId,
  strike_id: e.strikeId,
  reason: e.reason,
  created_at: e.createdAt.toISOString(),
});
