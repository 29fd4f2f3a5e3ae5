export class HealthResponseDto {
  status: 'ok' | 'degraded';
  database: 'up' | 'down';
  version: string;
  uptime_seconds: number;
}
