import { useEffect, useState, type FormEvent } from 'react';
import { observer } from 'mobx-react-lite';
import { Alert, Badge, Button, Card, Group, List, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import { formatDollars } from '../../../shared/format';
import { MONETIZATION } from '../../monetization/constants';
import { EARNINGS_CALCULATOR, estimateRange, formatRange } from '../../monetization/earningsCalculator';
import { MoneyTile } from '../../monetization/components/MoneyTile';
import { SectionState } from '../../monetization/components/SectionState';
import type { PlatformEarnings } from '../OwnerStore';
import { BANK_FIELDS, OWNER_MESSAGES } from '../messages';

const { partner, memberships, premium, superChat } = MONETIZATION;

function EarningsCards({ data }: { data: PlatformEarnings }) {
  const { earnings } = data;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
      <MoneyTile
        label="Available balance"
        value={formatDollars(earnings.available_balance)}
        hint={`${formatDollars(earnings.pending_balance)} pending`}
      />
      <MoneyTile label="This month" value={formatDollars(data.monthly_revenue)} />
      <MoneyTile label="Total revenue" value={formatDollars(earnings.total_revenue)} />
      <MoneyTile label="Total withdrawn" value={formatDollars(earnings.total_withdrawn)} />
    </SimpleGrid>
  );
}

function RevenueSources({ data }: { data: PlatformEarnings }) {
  const { earnings } = data;
  const rows = [
    { source: 'Premium subscriptions', amount: earnings.premium_revenue },
    { source: 'Video ad revenue', amount: earnings.ad_revenue },
    { source: 'Channel membership fees', amount: earnings.membership_fees },
    { source: 'Super Chat fees', amount: earnings.super_chat_fees },
  ];
  return (
    <Stack gap="xs" component="section" aria-labelledby="sources-title">
      <Title order={2} size="h4" id="sources-title">
        Revenue sources
      </Title>
      <Table withTableBorder aria-label="Revenue sources" maw={520}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Source</Table.Th>
            <Table.Th>Amount</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.source}>
              <Table.Td>{row.source}</Table.Td>
              <Table.Td>{formatDollars(row.amount)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

const BankAccount = observer(function BankAccount({ data }: { data: PlatformEarnings }) {
  const { owner } = useStores();
  const saved = data.bank_account;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void owner.saveBankAccount();
  };

  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="bank-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="bank-title">
          Bank account
        </Title>
        {saved ? (
          <Group gap="sm" role="group" aria-label="Saved bank account">
            <Stack gap={0}>
              <Text fw={600}>
                {saved.bank_name} •••• {saved.account_last_4}
              </Text>
              <Text size="sm" c="dimmed">
                {saved.account_holder}
              </Text>
            </Stack>
            <Badge color={saved.is_verified ? 'green' : 'gray'} variant="light">
              {saved.is_verified ? 'Verified' : 'Not verified'}
            </Badge>
          </Group>
        ) : (
          <Text c="dimmed">No bank account yet. Add one to withdraw the platform&apos;s earnings.</Text>
        )}
        <form onSubmit={submit} noValidate aria-label={saved ? 'Replace bank account' : 'Add bank account'}>
          <Stack gap="sm">
            <Text fw={600} size="sm">
              {saved ? 'Replace bank account' : 'Add bank account'}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {BANK_FIELDS.map((field) => (
                <TextInput
                  key={field.name}
                  label={field.label}
                  required
                  autoComplete="off"
                  inputMode={field.name === 'account_number' || field.name === 'routing_number' ? 'numeric' : undefined}
                  value={owner.bank[field.name]}
                  error={owner.bankErrors[field.name]}
                  onChange={(event) => owner.setBankField(field.name, event.currentTarget.value)}
                  disabled={owner.savingBank}
                />
              ))}
            </SimpleGrid>
            <Group>
              <Button type="submit" loading={owner.savingBank}>
                Save bank account
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </Card>
  );
});

const Withdrawal = observer(function Withdrawal({ data }: { data: PlatformEarnings }) {
  const { owner } = useStores();
  const { available_balance } = data.earnings;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void owner.withdraw();
  };

  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="withdraw-title">
      <form onSubmit={submit} noValidate aria-label="Withdrawal">
        <Stack gap="sm">
          <Title order={2} size="h4" id="withdraw-title">
            Withdraw
          </Title>
          <Text size="sm" c="dimmed">
            Minimum withdrawal: {formatDollars(owner.minimumWithdrawal)}. Available: {formatDollars(available_balance)}.
          </Text>
          {!data.can_withdraw && (
            <Text size="sm" role="note">
              Withdrawals open once the available balance reaches {formatDollars(owner.minimumWithdrawal)}.
            </Text>
          )}
          <Group align="flex-end" gap="sm">
            <TextInput
              label="Withdrawal amount (USD)"
              type="number"
              inputMode="decimal"
              min={0}
              max={available_balance}
              step="0.01"
              leftSection="$"
              value={owner.amount}
              onChange={(event) => owner.setAmount(event.currentTarget.value)}
              disabled={owner.processing}
              w={220}
            />
            <Button type="submit" disabled={!owner.canWithdraw} loading={owner.processing}>
              Withdraw
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
});

const count = (n: number) => n.toLocaleString('en-US');
const GROWTH_VIEWS = [100_000, 1_000_000, 10_000_000] as const;

/** Seed 001 §2: how the platform earns, and the calculator ($5-$15 per 1,000 views) on a number of views. */
function RevenueStreams() {
  const [views, setViews] = useState('100000');
  const range = estimateRange(Number(views));
  const platformShare = estimateRange(Number(views), partner.platformAdShare);

  return (
    <Stack gap="sm" component="section" aria-labelledby="streams-title">
      <Title order={2} size="h4" id="streams-title">
        How the platform earns
      </Title>
      <List spacing="xs">
        <List.Item>
          Premium subscriptions: a {formatDollars(premium.platformFeePerPayment)} platform fee on every payment; the rest
          goes to the creator pool.
        </List.Item>
        <List.Item>
          Video ad revenue: {partner.platformAdShare}% of the ad revenue on partners&apos; monetized videos (creators keep{' '}
          {partner.creatorAdShare}%).
        </List.Item>
        <List.Item>Channel membership fees: {memberships.platformFee}% of every membership payment.</List.Item>
        <List.Item>Super Chat fees: {superChat.platformFee}% of every Super Chat.</List.Item>
      </List>

      <Card withBorder padding="md" radius="md" role="group" aria-label="Earnings calculator">
        <Stack gap="xs">
          <Text fw={600}>Earnings calculator</Text>
          <Text size="sm" c="dimmed">
            Ads earn about {EARNINGS_CALCULATOR.display}. An estimate range, not the platform&apos;s earnings.
          </Text>
          <TextInput
            label="Views"
            type="number"
            min={0}
            step="1"
            value={views}
            onChange={(event) => setViews(event.currentTarget.value)}
            w={220}
          />
          <Text aria-live="polite">
            Estimated ad revenue: <strong>{formatRange(range)}</strong>; the platform&apos;s {partner.platformAdShare}%:{' '}
            <strong>{formatRange(platformShare)}</strong>
          </Text>
        </Stack>
      </Card>

      <Table withTableBorder aria-label="Growth examples (estimates)" maw={640}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Monthly views</Table.Th>
            <Table.Th>Estimated ad revenue</Table.Th>
            <Table.Th>Platform share ({partner.platformAdShare}%)</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {GROWTH_VIEWS.map((n) => (
            <Table.Tr key={n}>
              <Table.Td>{count(n)}</Table.Td>
              <Table.Td>{formatRange(estimateRange(n))}</Table.Td>
              <Table.Td>{formatRange(estimateRange(n, partner.platformAdShare))}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

/** The `updates` section (admins only): the platform owner's earnings, bank account and withdrawals. */
export const OwnerSection = observer(function OwnerSection() {
  const { owner } = useStores();
  const isAdmin = owner.isAdmin;

  useEffect(() => {
    if (isAdmin) void owner.load();
  }, [owner, isAdmin]);

  const { data } = owner;

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Group gap="sm">
          <Title order={1} size="h2">
            Platform earnings
          </Title>
          <Badge color="grape">Owner</Badge>
        </Group>
        <Text c="dimmed">The platform&apos;s own revenue, its bank account and withdrawals. All amounts are in US dollars.</Text>
      </Stack>
      {!isAdmin ? (
        <Alert color="gray">{OWNER_MESSAGES.adminsOnly}</Alert>
      ) : (
        <>
          {(owner.status === 'error' || !data) && (
            <SectionState
              status={owner.status === 'error' ? 'error' : 'loading'}
              loadingLabel="Loading platform earnings"
              failed={OWNER_MESSAGES.loadFailed}
              onRetry={() => void owner.load()}
            />
          )}
          {data && (
            <>
              <EarningsCards data={data} />
              <RevenueSources data={data} />
              <BankAccount data={data} />
              {data.bank_account && <Withdrawal data={data} />}
            </>
          )}
          <RevenueStreams />
        </>
      )}
    </Stack>
  );
});
