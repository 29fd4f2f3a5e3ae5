import { Injectable } from '@nestjs/common';
import { MarkLiveUseCase } from './application/mark-live.use-case.js';

/** What other contexts may ask of live (none does yet: the RTMP ingest is live's own, through LiveIngestUseCases). */
@Injectable()
export class LiveFacade {
  constructor(private readonly markLiveUseCase: MarkLiveUseCase) {}

  /** The stream's first media arrived: `created` becomes `live` (false when it was live already, or ended). */
  markLive(streamId: string): Promise<boolean> {
    return this.markLiveUseCase.execute(streamId);
  }
}
