import { Inject, Injectable } from '@nestjs/common';
import { LEDGER, type Ledger, type TopEarner } from '../domain/ledger.js';

/**
 * The creators with the highest lifetime earnings (everything ever credited to their pending account, whatever
 * happened to it since), highest first, ties by user id (the founder's revenue breakdown).
 */
@Injectable()
export class TopEarnersQuery {
  constructor(@Inject(LEDGER) private readonly ledger: Ledger) {}

  execute(limit: number, offset = 0): Promise<TopEarner[]> {
    return this.ledger.topEarners(limit, offset);
  }
}
