import { Inject, Injectable } from '@nestjs/common';
import { DurableEvents } from '../../../common/events/durable-events.js';
import { IdentityFacade } from '../../identity/identity.facade.js';
import type { PartnerApplication, PartnerDecision } from '../domain/partner-application.js';
import { MONEY_UNIT_OF_WORK, PARTNER_APPLICATIONS, type MoneyUnitOfWork, type PartnerApplicationRepository } from '../domain/ports.js';
import { moneyErrors } from '../domain/rules.js';
import { BaselineAdViews } from './baseline-ad-views.js';

/**
 * An admin approves or rejects a pending application (or suspends an approved partner), under its row lock, in one
 * transaction with its effects: approval puts the creator in the creator program (which unlocks monetization on
 * uploads) with ad revenue counted from now; suspension takes them out; the creator is told (a durable event).
 */
@Injectable()
export class DecidePartnerApplicationUseCase {
  constructor(
    @Inject(PARTNER_APPLICATIONS) private readonly applications: PartnerApplicationRepository,
    @Inject(MONEY_UNIT_OF_WORK) private readonly uow: MoneyUnitOfWork,
    private readonly identity: IdentityFacade,
    private readonly baseline: BaselineAdViews,
    private readonly events: DurableEvents,
  ) {}

  async execute(applicationId: string, decision: PartnerDecision, reason: string | null): Promise<PartnerApplication> {
    const app = await this.uow.inTransaction(async () => {
      const a = await this.applications.find(applicationId, { lock: true });
      if (!a) throw moneyErrors.applicationNotFound();
      a.decide(decision, reason);
      await this.applications.saveDecision(a);
      if (decision === 'approved') {
        await this.identity.setCreatorProgram(a.userId, true);
        await this.baseline.execute(a.userId);
      }
      if (decision === 'suspended') await this.identity.setCreatorProgram(a.userId, false);
      if (decision !== 'suspended') this.events.record('partner.decision', { userId: a.userId, applicationId, decision, ...(reason ? { reason } : {}) });
      return a;
    });
    // Committed: the creator's cached sign-in state (creator_program) is refreshed now, not when the event is handled.
    if (decision !== 'rejected') await this.identity.refreshPrincipal(app.userId);
    return app;
  }
}
