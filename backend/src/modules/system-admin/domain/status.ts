/** The health of one service the platform depends on (seed 000 §3: services_status, a map of service name to state). */
export type ServiceStateName = 'up' | 'degraded' | 'down' | 'not_configured';

export interface ServiceHealth {
  state: ServiceStateName;
  /** One sentence a person running the instance can act on. */
  detail: string;
  /** The figures behind the state (latency, queue depth…); null where a figure could not be read. */
  figures: Record<string, number | string | null>;
}

export const SERVICE_NAMES = ['database', 'storage', 'jobs', 'realtime', 'payments', 'mail'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

/**
 * A server process: under `npm start`'s supervisor each API worker and the media/jobs worker (`jobs`); a server run
 * on its own is one process doing both (`all`). Readings are null until the worker has sent its first ones.
 */
export interface WorkerReading {
  pid: number;
  role: 'api' | 'jobs' | 'all';
  /** up, or degraded while it starts or drains (a rolling restart). */
  state: ServiceStateName;
  /** starting, up or draining, as the supervisor sees it. */
  phase: 'starting' | 'up' | 'draining';
  uptimeSeconds: number | null;
  cpuPercent: number | null;
  rssBytes: number | null;
  heapUsedBytes: number | null;
}

export interface HostReadings {
  processUptimeSeconds: number;
  hostUptimeSeconds: number;
  /** Share of all cores busy over the last sample window (percent), null before the first window. */
  cpuPercent: number | null;
  cpuWindowMs: number | null;
  cores: number;
  loadAverage: [number, number, number];
  processCpuPercent: number | null;
  memoryTotalBytes: number;
  memoryAvailableBytes: number;
  processRssBytes: number;
  processHeapUsedBytes: number;
  processHeapTotalBytes: number;
}

export interface MediaUsage {
  bytes: number | null;
  files: number | null;
  measuredAt: Date | null;
  /** How the figure is measured, or why there is none yet. */
  note: string;
}

/** A reading that has no value, and why (never an invented figure). */
export interface Unavailable {
  reading: string;
  reason: string;
}

export interface SystemStatus {
  platformVersion: string;
  activeUsers: number | null;
  activeWindowMinutes: number;
  host: HostReadings;
  media: MediaUsage;
  databaseBytes: number | null;
  dataDirFreeBytes: number | null;
  dataDirTotalBytes: number | null;
  services: Record<ServiceName, ServiceHealth>;
  workers: WorkerReading[];
  unavailable: Unavailable[];
  checkedAt: Date;
}

/** The readings the status is made of; infrastructure measures them (the host, PostgreSQL, the data directory, the queues). */
export interface StatusProbes {
  host(): HostReadings;
  media(): MediaUsage;
  /** Database health and size in one round trip. */
  database(): Promise<{ health: ServiceHealth; sizeBytes: number | null }>;
  storage(): Promise<{ health: ServiceHealth; freeBytes: number | null; totalBytes: number | null }>;
  jobs(): Promise<ServiceHealth>;
  realtime(): ServiceHealth;
  payments(): ServiceHealth;
  mail(): Promise<ServiceHealth>;
  workers(): WorkerReading[];
  /** The commit this build was made from, when known. */
  commit(): string | null;
}

export const STATUS_PROBES = Symbol('StatusProbes');

export interface VersionInfo {
  version: string;
  buildVersion: string;
  nodeVersion: string;
  commit: string | null;
}
