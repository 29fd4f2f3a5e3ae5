import { Inject, Injectable } from '@nestjs/common';
import { DurableEvents } from '../../../common/events/durable-events.js';
import { ConsentNotFound } from '../domain/identity.errors.js';
import { hashConsentToken, type ParentalConsent } from '../domain/parental-consent.js';
import {
  CONSENT_REPOSITORY,
  UNIT_OF_WORK,
  USER_REPOSITORY,
  type ConsentRepository,
  type UnitOfWork,
  type UserRepository,
} from '../domain/ports.js';
import { PrincipalCache } from './principal-cache.js';

export interface ConsentView {
  consent: ParentalConsent;
  childDisplayName: string;
}

@Injectable()
export class ParentalConsentUseCases {
  constructor(
    @Inject(CONSENT_REPOSITORY) private readonly consents: ConsentRepository,
    @Inject(USER_REPOSITORY) private readonly users: UserRepository,
    @Inject(UNIT_OF_WORK) private readonly uow: UnitOfWork,
    private readonly cache: PrincipalCache,
    private readonly durable: DurableEvents,
  ) {}

  async view(token: string): Promise<ConsentView> {
    const consent = typeof token === 'string' && token.length <= 128 ? await this.consents.findByTokenHash(hashConsentToken(token)) : null;
    if (!consent) throw ConsentNotFound();
    const child = await this.users.findById(consent.userId);
    if (!child) throw ConsentNotFound();
    return { consent, childDisplayName: child.displayName };
  }

  /** Approving activates the child's account; refusing denies it and revokes every token. */
  async decide(token: string, approve: boolean): Promise<ConsentView> {
    const view = await this.view(token);
    const child = (await this.users.findById(view.consent.userId))!;
    view.consent.decide(approve);
    if (approve) child.approveByParent();
    else child.denyByParent();
    this.durable.record('identity.user-changed', { userId: child.id });
    await this.uow.commit();
    await this.cache.invalidate(child.id);
    return view;
  }
}
