import { Inject, Injectable } from '@nestjs/common';
import { FeatureFlags } from '../../../common/features/feature-flags.js';
import { isUuid } from '../../../common/keyset.js';
import { CONTENT_KINDS } from '../domain/content.js';
import { moderationErrors } from '../domain/moderation.errors.js';
import { CASES, CLOCK, CONTENT_DIRECTORY, MODERATION_UNIT_OF_WORK, REPORTS, type CaseRepository, type Clock, type ContentDirectory, type ModerationUnitOfWork, type ReportRepository } from '../domain/ports.js';
import { Report, type ReportInput } from '../domain/report.js';
import { MAX_REPORTS_PER_HOUR, REPORT_WINDOW_MS } from '../domain/rules.js';

/**
 * A signed-in user reports content they can see (never their own): once per content, at most 20 an hour. One
 * transaction, serialised per reporter by an advisory lock so that the duplicate check and the hourly count hold
 * under concurrent requests (the unique constraint is the backstop): the report, and its content's open case (made
 * with the content's snapshot on the first report).
 */
@Injectable()
export class ReportContentUseCase {
  constructor(
    @Inject(REPORTS) private readonly reports: ReportRepository,
    @Inject(CASES) private readonly cases: CaseRepository,
    @Inject(CONTENT_DIRECTORY) private readonly content: ContentDirectory,
    @Inject(MODERATION_UNIT_OF_WORK) private readonly uow: ModerationUnitOfWork,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly features: FeatureFlags,
  ) {}

  async execute(reporterUserId: string, input: ReportInput): Promise<Report> {
    const feature = (CONTENT_KINDS[input.contentType] as { feature?: string }).feature;
    if (feature) this.features.assertEnabled(feature);
    // An id that is not one matches nothing.
    if (!isUuid(input.contentId)) throw moderationErrors.contentNotFound();
    const contentId = input.contentId.toLowerCase();
    const target = await this.content.find(input.contentType, contentId, reporterUserId);
    if (!target) throw moderationErrors.contentNotFound();
    const report = Report.file(reporterUserId, { ...input, contentId }, target, this.clock.now());
    await this.uow.inTransaction(async () => {
      await this.uow.lock(`reporter:${reporterUserId}`);
      if (await this.reports.exists(reporterUserId, report.contentType, contentId)) throw moderationErrors.alreadyReported();
      const now = this.clock.now();
      const recent = await this.reports.countSince(reporterUserId, new Date(now.getTime() - REPORT_WINDOW_MS));
      if (recent.count >= MAX_REPORTS_PER_HOUR) {
        const freesAt = (recent.oldest?.getTime() ?? now.getTime()) + REPORT_WINDOW_MS;
        throw moderationErrors.tooManyReports(Math.max(1, Math.ceil((freesAt - now.getTime()) / 1000)));
      }
      report.createdAt = now;
      report.caseId = await this.cases.openCaseFor(report.contentType, contentId, target, now);
      if (!(await this.reports.add(report))) throw moderationErrors.alreadyReported();
    });
    return report;
  }
}
