import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { JobsService } from '../../../../common/jobs/jobs.service.js';
import type { LiveIngestControl } from '../../domain/ports.js';
import { RtmpIngest } from './rtmp-ingest.js';

export const LIVE_FINISH_JOB = 'live.finish';

/**
 * A stream ended (in whichever process answered the request): the durable `live.finish` job runs in the process
 * that holds the ingest (the jobs worker), which disconnects the publisher and publishes the recording. Without a job
 * queue the ingest is off in this process as well; the work is done here then (nothing is there to finish).
 */
@Injectable()
export class LiveFinishJob implements LiveIngestControl, OnModuleInit {
  private readonly logger = new Logger('LiveIngest');

  constructor(
    private readonly jobs: JobsService,
    private readonly ingest: RtmpIngest,
  ) {}

  onModuleInit(): void {
    this.jobs.define<{ streamId: string }>({
      name: LIVE_FINISH_JOB,
      handler: (data) => this.ingest.finish(data.streamId),
      retryLimit: 5,
      retryDelaySeconds: 10,
      concurrency: 2,
      expireInSeconds: 3600,
    });
  }

  async ended(streamId: string): Promise<void> {
    if (await this.jobs.send(LIVE_FINISH_JOB, { streamId }, { singletonKey: `live-finish:${streamId}` })) return;
    void this.ingest.finish(streamId).catch((e: Error) => this.logger.warn(`finishing stream ${streamId}: ${e.message}`));
  }
}
