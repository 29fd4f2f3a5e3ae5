import { randomUUID } from 'node:crypto';
import type { CaseAction } from './case.js';
import type { ContentType } from './content.js';

export type AuditAction = CaseAction | 'uphold_appeal' | 'overturn_appeal';

/** One admin decision (on a case or an appeal), as it was made: who, what, on what and whom, and why. */
export interface AuditEntry {
  id: string;
  adminUserId: string;
  adminUsername: string | null;
  action: AuditAction;
  contentType: ContentType;
  contentId: string;
  targetUserId: string | null;
  targetUsername: string | null;
  caseId: string | null;
  strikeId: string | null;
  reason: string;
  createdAt: Date;
}

export const auditEntry = (e: Omit<AuditEntry, 'id'>): AuditEntry => ({ id: randomUUID(), ...e });
