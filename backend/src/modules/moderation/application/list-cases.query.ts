import { Inject, Injectable } from '@nestjs/common';
import type { CaseStatus } from '../domain/case.js';
import { CASES, type CaseRepository } from '../domain/ports.js';
import { CaseViews } from './case-views.js';
import type { CaseView } from './views.js';

/** The moderation queue: open cases, most reported first (then the longest waiting), or resolved ones, latest first. */
@Injectable()
export class ListCasesQuery {
  constructor(
    @Inject(CASES) private readonly cases: CaseRepository,
    private readonly views: CaseViews,
  ) {}

  async execute(status: CaseStatus, limit: number, cursor: string | null): Promise<{ cases: CaseView[]; next: string | null }> {
    const page = await this.cases.list(status, limit, cursor);
    return { cases: await this.views.of(page.items), next: page.next };
  }
}
