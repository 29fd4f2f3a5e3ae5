import { useEffect, type ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import { Badge, Button, Card, Checkbox, Group, List, Progress, SimpleGrid, Stack, Table, Text, ThemeIcon, Title } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import { formatClock, formatDate, formatDollars } from '../../../shared/format';
import { EARNINGS_CALCULATOR, estimateRange, formatRange } from '../../monetization/earningsCalculator';
import { MoneyTile } from '../../monetization/components/MoneyTile';
import { SectionState } from '../../monetization/components/SectionState';
import { StrikesSection } from '../../moderation/components/StrikesSection';
import type { PartnerProgramStatus } from '../PartnerStore';
import { PARTNER_MESSAGES, POTENTIAL_VIEWS, statusDisplay } from '../messages';

const count = (n: number) => n.toLocaleString('en-US');

/**
 * One requirement: met or not, what it asks, and (for the counted ones) how far along the channel is. `failing` marks
 * one the channel has lost (an active guideline strike), not merely not reached yet.
 */
function Requirement({
  label,
  met,
  detail,
  progress,
  failing = false,
}: {
  label: string;
  met: boolean;
  detail?: ReactNode;
  progress?: { current: number; required: number };
  failing?: boolean;
}) {
  const percent = progress ? Math.min(100, Math.floor((progress.current / Math.max(1, progress.required)) * 100)) : 0;
  return (
    <List.Item
      aria-label={`${label}: ${met ? 'met' : 'not met'}`}
      icon={
        <ThemeIcon color={met ? 'green' : failing ? 'red' : 'gray'} size={22} radius="xl" aria-hidden>
          {met ? '✓' : failing ? '✕' : '•'}
        </ThemeIcon>
      }
    >
      <Stack gap={4}>
        <Text fw={600}>{label}</Text>
        {detail && (
          <Text size="sm" c={failing && !met ? 'red.8' : 'dimmed'}>
            {detail}
          </Text>
        )}
        {progress && (
          <Progress.Root size="md" w={260} maw="100%">
            <Progress.Section value={percent} color={met ? 'green' : 'blue'} aria-label={`${label} progress`} />
          </Progress.Root>
        )}
      </Stack>
    </List.Item>
  );
}

/** The guidelines requirement: good standing, or failing with the active strike's reason and end. */
function guidelinesDetail(compliant: boolean, strike: PartnerProgramStatus['requirements']['guidelines_strike']): string {
  if (compliant) return 'Your channel is in good standing.';
  if (!strike) return 'Your channel has an active strike.';
  return `Your channel has an active strike until ${formatDate(strike.expires_at)}: ${strike.reason}`;
}

function Requirements({ data }: { data: PartnerProgramStatus }) {
  const { subscribers, watch_hours, guidelines_compliant, guidelines_strike, original_content } = data.requirements;
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="requirements-title">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4" id="requirements-title">
            Requirements
          </Title>
          <Text size="sm" c="dimmed">
            {data.requirements_met} of 4 requirements met
          </Text>
        </Group>
        <List spacing="md" listStyleType="none" aria-label="Requirements">
          <Requirement
            label={`${count(subscribers.required)} subscribers`}
            met={subscribers.met}
            detail={`${count(subscribers.current)} of ${count(subscribers.required)}`}
            progress={subscribers}
          />
          <Requirement
            label={`${count(watch_hours.required)} watch hours in the past 12 months`}
            met={watch_hours.met}
            detail={`${count(watch_hours.current)} of ${count(watch_hours.required)}`}
            progress={watch_hours}
          />
          <Requirement
            label="No active Community Guidelines strikes"
            met={guidelines_compliant}
            failing={!guidelines_compliant}
            detail={guidelinesDetail(guidelines_compliant, guidelines_strike)}
          />
          <Requirement
            label="Original content"
            met={original_content}
            detail={original_content ? 'You confirmed your content is original.' : 'You confirm this when you apply.'}
          />
        </List>
      </Stack>
    </Card>
  );
}

function Performance({ data }: { data: PartnerProgramStatus }) {
  const { stats } = data;
  return (
    <Stack gap="xs" component="section" aria-labelledby="performance-title">
      <Title order={2} size="h4" id="performance-title">
        Channel performance
      </Title>
      <SimpleGrid cols={{ base: 2, md: 4 }}>
        <MoneyTile label="Videos" value={count(stats.total_videos)} />
        <MoneyTile label="Total views" value={count(stats.total_views)} />
        <MoneyTile label="Subscribers" value={count(stats.subscriber_count)} />
        <MoneyTile label="Average view duration" value={formatClock(stats.avg_view_duration)} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 2, md: 4 }}>
        <MoneyTile label="Earned this month" value={formatDollars(data.monthly_earnings)} />
        <MoneyTile label="Lifetime earnings" value={formatDollars(data.lifetime_earnings)} />
        <MoneyTile label="Monetized videos" value={count(data.monetized_videos)} />
        <MoneyTile label="Your ad revenue share" value={`${data.revenue_share}%`} />
      </SimpleGrid>
    </Stack>
  );
}

function RevenuePotential({ share }: { share: number }) {
  return (
    <Stack gap="xs" component="section" aria-labelledby="potential-title">
      <Title order={2} size="h4" id="potential-title">
        Revenue potential
      </Title>
      <Text size="sm" c="dimmed">
        An estimate range, not earnings: ads earn about {EARNINGS_CALCULATOR.display}, of which you receive {share}%.
        What you actually earn depends on your audience and the ads shown, and appears above once it is credited.
      </Text>
      <Table.ScrollContainer minWidth={420}>
        <Table withTableBorder aria-label="Revenue potential (estimates)">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Monthly views</Table.Th>
              <Table.Th>Estimated ad revenue</Table.Th>
              <Table.Th>Your estimated share ({share}%)</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {POTENTIAL_VIEWS.map((views) => (
              <Table.Tr key={views}>
                <Table.Td>{count(views)}</Table.Td>
                <Table.Td>{formatRange(estimateRange(views))}</Table.Td>
                <Table.Td>{formatRange(estimateRange(views, share))}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

const ApplyPanel = observer(function ApplyPanel({ data }: { data: PartnerProgramStatus }) {
  const { partner } = useStores();
  const action = partner.action;
  if (!action) return null;
  const label = action === 'reapply' ? 'Reapply' : 'Apply to the partner program';

  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-label="Apply">
      <Stack gap="sm">
        {!data.eligible && (
          <Text size="sm" c="dimmed">
            You can apply once your channel has the subscribers and watch hours above and no active strike.
          </Text>
        )}
        <Checkbox
          label="My content is original"
          description="Everything on my channel was made by me, or I have the rights to it."
          checked={partner.confirmOriginal}
          onChange={(event) => partner.setConfirmOriginal(event.currentTarget.checked)}
          disabled={!data.eligible || partner.applying}
        />
        <Group>
          <Button onClick={() => void partner.apply()} disabled={!partner.canApply} loading={partner.applying}>
            {label}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
});

/** The `monetization` section (seed 001 §2 Partner program page), with the channel's guideline strikes and appeals. */
export const PartnerSection = observer(function PartnerSection() {
  const { partner } = useStores();

  useEffect(() => {
    void partner.load();
  }, [partner]);

  const { data } = partner;
  const display = data ? statusDisplay(data.status) : null;

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Group gap="sm">
          <Title order={1} size="h2">
            Partner program
          </Title>
          {display && (
            <Badge color={display.color} size="lg" aria-label={`Status: ${display.badge}`}>
              {display.badge}
            </Badge>
          )}
        </Group>
        <Text c="dimmed">Earn from ads on your videos once your channel qualifies.</Text>
      </Stack>
      {(partner.status === 'error' || !data) && (
        <SectionState
          status={partner.status === 'error' ? 'error' : 'loading'}
          loadingLabel="Loading monetization data"
          failed={PARTNER_MESSAGES.loadFailed}
          onRetry={() => void partner.load()}
        />
      )}
      {data && display && (
        <>
          <Stack gap={4}>
            <Text>{display.explanation(data.eligible)}</Text>
            {data.applied_at && <Text size="sm" c="dimmed">Applied on {formatDate(data.applied_at)}</Text>}
            {data.decided_at && <Text size="sm" c="dimmed">Decided on {formatDate(data.decided_at)}</Text>}
            {data.decision_reason && <Text size="sm">Reason: {data.decision_reason}</Text>}
          </Stack>
          <ApplyPanel data={data} />
          <Requirements data={data} />
          <StrikesSection />
          <Performance data={data} />
          <RevenuePotential share={data.revenue_share} />
        </>
      )}
    </Stack>
  );
});
