import { Inject, Injectable } from '@nestjs/common';
import { PartnerApplication } from '../domain/partner-application.js';
import { PARTNER_APPLICATIONS, type PartnerApplicationRepository } from '../domain/ports.js';
import { GetPartnerStatusQuery } from './get-partner-status.query.js';

/** A creator applies (or reapplies) to the partner program: only when eligible, attesting that the content is original. */
@Injectable()
export class ApplyToPartnerProgramUseCase {
  constructor(
    @Inject(PARTNER_APPLICATIONS) private readonly applications: PartnerApplicationRepository,
    private readonly status: GetPartnerStatusQuery,
  ) {}

  async execute(userId: string, originalContent: unknown): Promise<PartnerApplication> {
    PartnerApplication.requireAttestation(originalContent);
    const application = PartnerApplication.submit(userId, await this.status.execute(userId));
    // One statement: a concurrent application loses to the one-pending index and answers as already applied.
    await this.applications.add(application);
    return (await this.applications.latestOf(userId))!;
  }
}
