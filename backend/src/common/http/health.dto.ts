export class HealthResponseDto {
  status: 'ok' | 'degraded';
  database: 'up' | 'down';
  version: string;
  uptime_seconds: number;
  /** Whether the instance is down for maintenance (every API call but the admins', the founder's and a few public ones answers 503 `SYSTEM.MAINTENANCE`). */
  maintenance: boolean;
}
