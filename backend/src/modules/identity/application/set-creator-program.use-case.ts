import { Inject, Injectable } from '@nestjs/common';
import { DurableEvents } from '../../../common/events/durable-events.js';
import { USER_RECORDS, type UserRecords } from '../domain/user-records.port.js';

/** Admits a user to the creator program or takes them out (partner decisions). Inside the caller's transaction. */
@Injectable()
export class SetCreatorProgramUseCase {
  constructor(
    @Inject(USER_RECORDS) private readonly users: UserRecords,
    private readonly events: DurableEvents,
  ) {}

  async execute(userId: string, member: boolean): Promise<void> {
    await this.users.setCreatorProgram(userId, member);
    this.events.record('identity.user-changed', { userId });
  }
}
