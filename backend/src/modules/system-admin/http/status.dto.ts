import { ApiProperty } from '@nestjs/swagger';

const STATES = ['up', 'degraded', 'down', 'not_configured'] as const;

export class ServiceStateDto {
  @ApiProperty({ enum: STATES })
  state: 'up' | 'degraded' | 'down' | 'not_configured';
  /** One sentence saying what the state rests on, or what to do. */
  detail: string;
  /** The figures behind the state (latency_ms, queued, failed_24h, connections, provider…); null where a figure could not be read. */
  @ApiProperty({ type: 'object', additionalProperties: { oneOf: [{ type: 'number' }, { type: 'string' }], nullable: true } })
  figures: Record<string, number | string | null>;
}

/** seed 000 §3: services_status, a map of service name to state. */
export class ServicesStatusDto {
  /** `select 1` with the database's size, timed. */
  database: ServiceStateDto;
  /** A probe object written, read back and deleted; the data directory's free space. */
  storage: ServiceStateDto;
  /** pg-boss: queued, running, and failed jobs in the last 24 hours. */
  jobs: ServiceStateDto;
  /** The WebSocket gateway: open connections on this process, and the bus between processes. */
  realtime: ServiceStateDto;
  /** Stripe or the sandbox, from the configuration (no call to the provider). */
  payments: ServiceStateDto;
  /** The mail outbox: waiting and failed mails, and the transport. */
  mail: ServiceStateDto;
}

export class UptimeDetailsDto {
  process_seconds: number;
  host_seconds: number;
}

export class CpuDetailsDto {
  /** Share of all the host's cores busy over the last window, in percent (null before the first window). */
  host_percent: number | null;
  /** This server process's CPU over the same window, as a share of the whole host. */
  process_percent: number | null;
  /** How long the window was, in ms (sampled every 5 s in the background). */
  window_ms: number | null;
  cores: number;
  /** 1, 5 and 15 minutes. */
  load_average: number[];
}

export class MemoryDetailsDto {
  host_total_bytes: number;
  host_available_bytes: number;
  host_used_percent: number;
  process_rss_bytes: number;
  process_heap_used_bytes: number;
  process_heap_total_bytes: number;
}

export class StorageDetailsDto {
  /** Bytes of every file under the media folder (measured in the background every 5 minutes; null before the first measure). */
  media_bytes: number | null;
  media_files: number | null;
  media_measured_at: string | null;
  /** How the media figure is measured, or why there is none. */
  media_note: string;
  /** pg_database_size of the database. */
  database_bytes: number | null;
  /** Free and total bytes of the file system holding the data directory. */
  data_dir_free_bytes: number | null;
  data_dir_total_bytes: number | null;
}

export class WorkerDto {
  pid: number;
  /** api: serves HTTP; jobs: the media/jobs worker; all: a server run on its own (no supervisor), doing both. */
  @ApiProperty({ enum: ['api', 'jobs', 'all'] })
  role: 'api' | 'jobs' | 'all';
  @ApiProperty({ enum: STATES })
  state: 'up' | 'degraded' | 'down' | 'not_configured';
  @ApiProperty({ enum: ['starting', 'up', 'draining'] })
  phase: 'starting' | 'up' | 'draining';
  /** Null until the worker sent its first readings (within 2 s of its start). */
  uptime_seconds: number | null;
  cpu_percent: number | null;
  rss_bytes: number | null;
  heap_used_bytes: number | null;
}

export class UnavailableReadingDto {
  /** The field that is null (`cpu_usage`, `storage.media_bytes`…). */
  reading: string;
  reason: string;
}

export class StatusDetailsDto {
  uptime: UptimeDetailsDto;
  cpu: CpuDetailsDto;
  memory: MemoryDetailsDto;
  storage: StorageDetailsDto;
  /** active_users counts users with an authenticated request in this many minutes. */
  active_users_window_minutes: number;
  /** The server's processes (one today; a supervisor will add its workers). */
  workers: WorkerDto[];
  /** Readings that are null, and why. */
  unavailable: UnavailableReadingDto[];
}

/** seed 000 §3 "System status", its fields first, then the readings behind them. */
export class SystemStatusDto {
  /** The installed version: recorded in the database by each update (the Updates tab's current version); a new instance starts at its build's. */
  platform_version: string;
  /** Users with an authenticated request in the last 15 minutes. */
  active_users: number | null;
  /** Seconds since this server process started. */
  uptime: number;
  /** Percent of the host's CPU in use (the last sample window). */
  cpu_usage: number | null;
  /** Percent of the host's memory in use. */
  memory_usage: number;
  /** Bytes used by media and by the database (null when either is not known yet). */
  storage_used: number | null;
  services_status: ServicesStatusDto;
  details: StatusDetailsDto;
  checked_at: string;
}

export class VersionDto {
  /** The installed version: recorded in the database by each update (the Updates tab's current version); a new instance starts at its build's. */
  version: string;
  /** The version of the build this process runs (package.json). */
  build_version: string;
  node_version: string;
  /** The commit the build was made from, when the install is a git checkout. */
  commit: string | null;
}
