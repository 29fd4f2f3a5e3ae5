import { Inject, Injectable } from '@nestjs/common';
import { IdentityFacade } from '../../identity/identity.facade.js';
import { partnerStatusOf } from '../domain/partner-application.js';
import { PARTNER_APPLICATIONS, type PartnerApplicationRepository } from '../domain/ports.js';

/**
 * Which of some creators are partners: their partner program status is approved, as their partner program page says
 * (the latest application approved; no application but admitted to the creator program by other means).
 */
@Injectable()
export class ApprovedPartnersQuery {
  constructor(
    @Inject(PARTNER_APPLICATIONS) private readonly applications: PartnerApplicationRepository,
    private readonly identity: IdentityFacade,
  ) {}

  async execute(userIds: string[]): Promise<Set<string>> {
    const ids = [...new Set(userIds)];
    const latest = await this.applications.latestStatuses(ids);
    // Only creators who never applied need their creator program flag (a short list: the caller's page).
    const unapplied = ids.filter((id) => !latest.has(id));
    const profiles = await Promise.all(unapplied.map((id) => this.identity.publicProfile(id)));
    const inProgram = new Set(profiles.filter((p) => p?.creatorProgram).map((p) => p!.userId));
    return new Set(ids.filter((id) => partnerStatusOf(latest.get(id) ?? null, inProgram.has(id)) === 'approved'));
  }
}
