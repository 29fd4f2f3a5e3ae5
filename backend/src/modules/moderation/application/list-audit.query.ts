import { Inject, Injectable } from '@nestjs/common';
import type { AuditEntry } from '../domain/audit.js';
import { AUDIT_LOG, type AuditLog, type Page } from '../domain/ports.js';

/** The audit log of moderation decisions, newest first. */
@Injectable()
export class ListAuditQuery {
  constructor(@Inject(AUDIT_LOG) private readonly audit: AuditLog) {}

  execute(limit: number, cursor: string | null): Promise<Page<AuditEntry>> {
    return this.audit.list(limit, cursor);
  }
}
