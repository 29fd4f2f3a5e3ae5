import { Inject, Injectable } from '@nestjs/common';
import { IdentityFacade } from '../../identity/identity.facade.js';
import type { ApplicationStatus, PartnerApplication } from '../domain/partner-application.js';
import { PARTNER_APPLICATIONS, type PartnerApplicationRepository } from '../domain/ports.js';

/** Partner program applications for the admin console, oldest first, with the creators' names. */
@Injectable()
export class ListPartnerApplicationsQuery {
  constructor(
    @Inject(PARTNER_APPLICATIONS) private readonly applications: PartnerApplicationRepository,
    private readonly identity: IdentityFacade,
  ) {}

  async execute(status: ApplicationStatus | 'all', limit: number): Promise<{ application: PartnerApplication; username: string | null }[]> {
    const apps = await this.applications.list(status, limit);
    const names = await this.identity.usernames(apps.map((a) => a.userId));
    return apps.map((application) => ({ application, username: names.get(application.userId) ?? null }));
  }
}
