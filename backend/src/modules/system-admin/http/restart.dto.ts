import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn } from 'class-validator';
import { RESTARTABLE_SERVICES, RESTART_MESSAGES } from '../domain/restart.js';

type Service = (typeof RESTARTABLE_SERVICES)[number];

/** POST /api/system/restart's body. */
export class RestartRequestDto {
  /** What to restart: `backend` (a rolling restart of the API workers), `frontend` (the app's files are read again and open pages told to reload), `all` (both, and the media/jobs worker). */
  @ApiProperty({ type: [String], enum: RESTARTABLE_SERVICES, minItems: 1, maxItems: 3 })
  @IsArray({ message: RESTART_MESSAGES.services })
  @ArrayMinSize(1, { message: RESTART_MESSAGES.services })
  @ArrayMaxSize(3, { message: RESTART_MESSAGES.services })
  @IsIn(RESTARTABLE_SERVICES, { each: true, message: RESTART_MESSAGES.services })
  services: Service[];
}

/** The 202 of POST /api/system/restart: the restart runs on; GET /api/system/restart tells how it went. */
export class RestartAcceptedDto {
  @ApiProperty({ type: [String], enum: RESTARTABLE_SERVICES })
  services: Service[];
  @ApiProperty({ enum: ['restarting'] })
  status: 'restarting';
}

/** The last restart of one service. */
export class ServiceRestartDto {
  @ApiProperty({ enum: RESTARTABLE_SERVICES })
  service: Service;
  @ApiProperty({ enum: ['restarting', 'done', 'failed'] })
  state: 'restarting' | 'done' | 'failed';
  /** ISO 8601. */
  started_at: string;
  /** ISO 8601; null while it runs. */
  finished_at: string | null;
  /** What failed (null when it did not). */
  detail: string | null;
}

/** GET /api/system/restart. */
export class RestartStateDto {
  /** False when the server runs without `npm start`'s supervisor: restarts cannot be asked for. */
  supervised: boolean;
  /** The last restart of each service restarted since the supervisor started. */
  @ApiProperty({ type: [ServiceRestartDto] })
  restarts: ServiceRestartDto[];
}
