import { Inject, Injectable } from '@nestjs/common';
import { IdentityFacade } from '../../identity/identity.facade.js';
import { ACTION_OUTCOMES, type ModerationCase } from '../domain/case.js';
import { CONTENT_KINDS } from '../domain/content.js';
import { CONTENT_DIRECTORY, REPORTS, type ContentDirectory, type ReportRepository } from '../domain/ports.js';
import { REPORTS_SHOWN_PER_CASE } from '../domain/rules.js';
import type { CaseView } from './views.js';

/** Hydrates cases for the queue: their latest reports, the names of everyone involved, and the current preview. */
@Injectable()
export class CaseViews {
  constructor(
    @Inject(REPORTS) private readonly reports: ReportRepository,
    @Inject(CONTENT_DIRECTORY) private readonly content: ContentDirectory,
    private readonly identity: IdentityFacade,
  ) {}

  async of(cases: ModerationCase[]): Promise<CaseView[]> {
    const reports = await this.reports.latestOf(
      cases.map((c) => c.id),
      REPORTS_SHOWN_PER_CASE,
    );
    const people = new Set<string>();
    for (const c of cases) {
      if (c.ownerUserId) people.add(c.ownerUserId);
      if (c.resolvedBy) people.add(c.resolvedBy);
      for (const r of reports.get(c.id) ?? []) people.add(r.reporterUserId);
    }
    const [names, previews] = await Promise.all([
      people.size ? this.identity.usernames([...people]) : Promise.resolve(new Map<string, string>()),
      this.content.previews(cases.map((c) => ({ type: c.contentType, id: c.contentId, snapshot: c.snapshot }))),
    ]);
    return cases.map((c, i) => {
      const preview = previews[i];
      // Media says itself whether it is down now (an overturned strike brings it back); a comment removed is gone for good.
      const removed = CONTENT_KINDS[c.contentType].files ? (preview?.removed ?? false) : c.resolution !== null && Object.values(ACTION_OUTCOMES).some((o) => o.removes && o.resolution === c.resolution);
      return {
        case: c,
        ownerUsername: c.ownerUserId ? (names.get(c.ownerUserId) ?? null) : null,
        resolvedByUsername: c.resolvedBy ? (names.get(c.resolvedBy) ?? null) : null,
        reports: (reports.get(c.id) ?? []).map((report) => ({ report, reporterUsername: names.get(report.reporterUserId) ?? null })),
        preview,
        removed,
      };
    });
  }
}
