import { Inject, Injectable, Logger } from '@nestjs/common';
import { IdentityFacade } from '../../identity/identity.facade.js';
import { MembershipTier, type TierDraft } from '../domain/membership.js';
import { MEMBERSHIPS, MONEY_UNIT_OF_WORK, SEED_MARKS, type MembershipRepository, type MoneyUnitOfWork, type SeedMarks } from '../domain/ports.js';
import { SAMPLE_CHANNELS } from '../domain/rules.js';

const MARK = 'sample-channels';

/** Once per instance: the three sample channels of seed 001 and their tiers (a part of the demo, DEMO_DATA). */
@Injectable()
export class SeedSampleChannelsUseCase {
  private readonly logger = new Logger('Memberships');

  constructor(
    @Inject(MEMBERSHIPS) private readonly memberships: MembershipRepository,
    @Inject(SEED_MARKS) private readonly marks: SeedMarks,
    @Inject(MONEY_UNIT_OF_WORK) private readonly uow: MoneyUnitOfWork,
    private readonly identity: IdentityFacade,
  ) {}

  /** Seeds the sample channels unless it was done before on this database (in its own context: call from anywhere). */
  seedSampleChannels(): Promise<void> {
    return this.uow.isolated(() => this.execute());
  }

  async execute(): Promise<void> {
    if (await this.marks.has(MARK)) return;
    for (const c of SAMPLE_CHANNELS) {
      const { userId, accountId } = await this.identity.createSampleCreator(c);
      for (const t of c.tiers) {
        const draft: Pick<TierDraft, 'name' | 'priceCents' | 'description'> = { name: t.name, priceCents: t.cents, description: t.description };
        await this.memberships.addTier(MembershipTier.create({ accountId, ownerUserId: userId, channelName: c.channelName }, draft), { ignoreConflict: true });
      }
    }
    await this.marks.mark(MARK);
    this.logger.log('Seeded the sample channels Tech Guru, Music Creator and Gaming Stream with their membership tiers');
  }
}
