import { useEffect } from 'react';
import { observer } from 'mobx-react-lite';
import { Badge, Button, Group, List, Progress, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { formatBytes } from '../../../shared/format';
import type { FounderStore } from '../FounderStore';
import { checkLabel, FOUNDER_MESSAGES } from '../messages';
import { formatPercent, orNotMeasured } from '../insights';
import type { PlatformHealth } from '../types';
import { Figure, LoadState, Panel } from './parts';

function Meter({ label, value }: { label: string; value: number | null }) {
  if (value === null) {
    return (
      <Stack gap={4} role="group" aria-label={label}>
        <Text size="sm" fw={600}>
          {label}
        </Text>
        <Text size="sm" c="dimmed">
          {FOUNDER_MESSAGES.notMeasured}
        </Text>
      </Stack>
    );
  }
  const color = value >= 90 ? 'red' : value >= 75 ? 'yellow' : 'blue';
  return (
    <Stack gap={4} role="group" aria-label={label}>
      <Group justify="space-between">
        <Text size="sm" fw={600}>
          {label}
        </Text>
        <Text size="sm">{formatPercent(value)}</Text>
      </Group>
      <Progress value={Math.min(100, Math.max(0, value))} color={color} aria-label={`${label} ${formatPercent(value)}`} />
    </Stack>
  );
}

/** The security checks, each passed or not, with what it looked at. */
export function SecurityChecks({ health }: { health: PlatformHealth }) {
  return (
    <List spacing="xs" aria-label="Security checks" listStyleType="none">
      {health.security_status.checks.map((check) => (
        <List.Item
          key={check.name}
          icon={
            <ThemeIcon size={20} radius="xl" color={check.passed ? 'green' : 'red'} aria-hidden>
              <Text size="xs" fw={700} c="white">
                {check.passed ? '✓' : '!'}
              </Text>
            </ThemeIcon>
          }
        >
          <Text size="sm">
            <strong>{checkLabel(check.name)}</strong>: {check.passed ? 'passed' : 'failed'}. {check.detail}
          </Text>
        </List.Item>
      ))}
    </List>
  );
}

/** Seed 001 §2, System: server, database, CDN and security, as measured by the server. */
export const SystemTab = observer(function SystemTab({ store }: { store: FounderStore }) {
  useEffect(() => {
    void store.loadHealth();
  }, [store]);
  const { data, status } = store.health;
  if (!data) return <LoadState status={status} loadingLabel="Loading system data" failed={FOUNDER_MESSAGES.systemFailed} onRetry={() => void store.loadHealth()} />;
  const { server_metrics: server, database_metrics: db, cdn_metrics: cdn, security_status: security } = data;
  const score = Math.round(security.security_score);

  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap">
        <Text size="sm" c="dimmed">
          Measured at {new Date(data.measured_at).toLocaleString('en-GB')}
        </Text>
        <Button variant="default" size="xs" onClick={() => void store.loadHealth()}>
          Refresh system data
        </Button>
      </Group>
      {status === 'error' && <Text c="red" role="alert">{FOUNDER_MESSAGES.systemFailed}</Text>}

      <Panel id="founder-server" title="Server">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Meter label="CPU usage" value={server.cpu_usage} />
          <Meter label="Memory usage" value={server.memory_usage} />
          <Meter label="Disk usage" value={server.disk_usage} />
        </SimpleGrid>
      </Panel>

      <Panel id="founder-database" title="Database">
        <SimpleGrid cols={{ base: 2, md: 3 }}>
          <Figure
            label="Connection pool"
            value={`${db.connection_pool.in_use} in use`}
            hint={`${db.connection_pool.idle} idle of ${db.connection_pool.size}`}
          />
          <Figure
            label="Query performance"
            value={orNotMeasured(db.query_performance, (ms) => `${ms.toLocaleString('en-US', { maximumFractionDigits: 1 })} ms`)}
            missing={db.query_performance === null}
            hint="A probe query’s round trip"
          />
          <Figure label="Storage size" value={orNotMeasured(db.storage_size, formatBytes)} missing={db.storage_size === null} />
        </SimpleGrid>
      </Panel>

      <Panel id="founder-cdn" title="CDN">
        {cdn.configured ? (
          <SimpleGrid cols={{ base: 2, md: 3 }}>
            <Figure label="Cache hit rate" value={orNotMeasured(cdn.cache_hit_rate, formatPercent)} missing={cdn.cache_hit_rate === null} />
            <Figure label="Bandwidth usage" value={orNotMeasured(cdn.bandwidth_usage, formatBytes)} missing={cdn.bandwidth_usage === null} />
            <Figure label="Global latency" value={orNotMeasured(cdn.global_latency, (v) => `${v} ms`)} missing={cdn.global_latency === null} />
          </SimpleGrid>
        ) : (
          <Text c="dimmed">{FOUNDER_MESSAGES.noCdn}. Media is served by this server, so cache hit rate, bandwidth and latency have no source.</Text>
        )}
      </Panel>

      <Panel id="founder-security" title="Security">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Figure
            label="Security score"
            value={
              <Badge size="lg" variant="light" color={score >= 80 ? 'green' : score >= 50 ? 'yellow' : 'red'}>
                {score}/100
              </Badge>
            }
            hint={`${security.checks.filter((c) => c.passed).length} of ${security.checks.length} checks passed`}
          />
          <Figure label="Failed sign-ins (24 h)" value={security.failed_login_attempts.toLocaleString('en-US')} />
          <Figure label="Blocked addresses" value={security.blocked_ips.toLocaleString('en-US')} hint="Over a rate limit now" />
        </SimpleGrid>
        <SecurityChecks health={data} />
      </Panel>
    </Stack>
  );
});
