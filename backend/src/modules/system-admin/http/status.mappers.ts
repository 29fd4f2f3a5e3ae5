import type { SystemStatus, VersionInfo } from '../domain/status.js';
import type { SystemStatusDto, VersionDto } from './status.dto.js';

export function systemStatusDto(s: SystemStatus): SystemStatusDto {
  const h = s.host;
  const usedPercent = Math.round(((h.memoryTotalBytes - h.memoryAvailableBytes) / h.memoryTotalBytes) * 1000) / 10;
  return {
    platform_version: s.platformVersion,
    active_users: s.activeUsers,
    uptime: h.processUptimeSeconds,
    cpu_usage: h.cpuPercent,
    memory_usage: usedPercent,
    storage_used: s.media.bytes !== null && s.databaseBytes !== null ? s.media.bytes + s.databaseBytes : null,
    services_status: s.services,
    details: {
      uptime: { process_seconds: h.processUptimeSeconds, host_seconds: h.hostUptimeSeconds },
      cpu: { host_percent: h.cpuPercent, process_percent: h.processCpuPercent, window_ms: h.cpuWindowMs, cores: h.cores, load_average: h.loadAverage },
      memory: {
        host_total_bytes: h.memoryTotalBytes,
        host_available_bytes: h.memoryAvailableBytes,
        host_used_percent: usedPercent,
        process_rss_bytes: h.processRssBytes,
        process_heap_used_bytes: h.processHeapUsedBytes,
        process_heap_total_bytes: h.processHeapTotalBytes,
      },
      storage: {
        media_bytes: s.media.bytes,
        media_files: s.media.files,
        media_measured_at: s.media.measuredAt?.toISOString() ?? null,
        media_note: s.media.note,
        database_bytes: s.databaseBytes,
        data_dir_free_bytes: s.dataDirFreeBytes,
        data_dir_total_bytes: s.dataDirTotalBytes,
      },
      active_users_window_minutes: s.activeWindowMinutes,
      workers: s.workers.map((w) => ({
        pid: w.pid,
        role: w.role,
        state: w.state,
        phase: w.phase,
        uptime_seconds: w.uptimeSeconds,
        cpu_percent: w.cpuPercent,
        rss_bytes: w.rssBytes,
        heap_used_bytes: w.heapUsedBytes,
      })),
      unavailable: s.unavailable,
    },
    checked_at: s.checkedAt.toISOString(),
  };
}

export function versionDto(v: VersionInfo): VersionDto {
  return { version: v.version, build_version: v.buildVersion, node_version: v.nodeVersion, commit: v.commit };
}
