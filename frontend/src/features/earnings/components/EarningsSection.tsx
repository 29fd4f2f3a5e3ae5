import { useEffect, type FormEvent } from 'react';
import { observer } from 'mobx-react-lite';
import { Badge, Button, Card, Group, NativeSelect, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import { formatDate, formatDollars } from '../../../shared/format';
import { MONETIZATION } from '../../monetization/constants';
import { MoneyTile } from '../../monetization/components/MoneyTile';
import { SectionState } from '../../monetization/components/SectionState';
import type { CreatorEarnings } from '../EarningsStore';
import {
  EARNINGS_MESSAGES,
  PAYOUT_METHODS,
  PAYOUT_PROCESSING_TIME,
  payoutMethodLabel,
  payoutStatusColor,
  payoutStatusLabel,
  revenueTypeLabel,
  type PayoutMethod,
} from '../messages';

function BalanceCards({ earnings }: { earnings: CreatorEarnings['earnings'] }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} aria-label="Balances">
      <MoneyTile label="Available balance" value={formatDollars(earnings.available_balance)} hint="Ready to pay out" />
      <MoneyTile
        label="Pending balance"
        value={formatDollars(earnings.pending_balance)}
        hint={`Available ${MONETIZATION.payouts.pendingDays} days after payment`}
      />
      <MoneyTile label="In transit" value={formatDollars(earnings.in_transit)} hint="Requested, not yet sent" />
      <MoneyTile label="Lifetime earnings" value={formatDollars(earnings.lifetime_earnings)} />
      <MoneyTile label="Total withdrawn" value={formatDollars(earnings.total_withdrawn)} />
    </SimpleGrid>
  );
}

const PayoutForm = observer(function PayoutForm({ data }: { data: CreatorEarnings }) {
  const { earnings } = useStores();
  const { available_balance, minimum_payout } = data.earnings;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void earnings.requestPayout();
  };

  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="payout-title">
      <form onSubmit={submit} noValidate aria-label="Payout request">
        <Stack gap="sm">
          <Title order={2} size="h4" id="payout-title">
            Request a payout
          </Title>
          <Text size="sm" c="dimmed">
            Minimum payout: {formatDollars(minimum_payout)}. Payouts take {PAYOUT_PROCESSING_TIME}.
          </Text>
          {data.payouts_on_hold_until ? (
            <Text size="sm" role="note">
              Payouts are on hold while your channel has an active guideline strike (until{' '}
              {formatDate(data.payouts_on_hold_until)}). Your balance stays yours; see the strike under Partner program.
            </Text>
          ) : (
            !data.can_request_payout && (
              <Text size="sm" role="note">
                You can request a payout once your available balance reaches {formatDollars(minimum_payout)}.
              </Text>
            )
          )}
          <Group align="flex-end" gap="sm" wrap="wrap">
            <TextInput
              label="Amount (USD)"
              type="number"
              inputMode="decimal"
              min={0}
              max={available_balance}
              step="0.01"
              leftSection="$"
              description={`Up to ${formatDollars(available_balance)}`}
              value={earnings.amount}
              onChange={(event) => earnings.setAmount(event.currentTarget.value)}
              disabled={!data.can_request_payout || earnings.processing}
              w={200}
            />
            <NativeSelect
              label="Payment method"
              data={PAYOUT_METHODS.map((method) => ({ ...method }))}
              value={earnings.method}
              onChange={(event) => earnings.setMethod(event.currentTarget.value as PayoutMethod)}
              disabled={earnings.processing}
              w={200}
            />
            <Button type="submit" disabled={!earnings.canRequestPayout} loading={earnings.processing}>
              Request payout
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
});

function RevenueTable({ lines }: { lines: CreatorEarnings['current_month_revenue'] }) {
  return (
    <Stack gap="xs" component="section" aria-labelledby="revenue-title">
      <Title order={2} size="h4" id="revenue-title">
        This month&apos;s revenue
      </Title>
      {lines.length === 0 ? (
        <Text c="dimmed">No revenue yet this month.</Text>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table striped withTableBorder aria-label="This month's revenue">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Type</Table.Th>
                <Table.Th>Date</Table.Th>
                <Table.Th>Your share</Table.Th>
                <Table.Th>Platform fee</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {lines.map((line, index) => (
                <Table.Tr key={`${line.payment_date}-${index}`}>
                  <Table.Td>{revenueTypeLabel(line.revenue_type)}</Table.Td>
                  <Table.Td>{formatDate(line.payment_date)}</Table.Td>
                  <Table.Td>{formatDollars(line.creator_share)}</Table.Td>
                  <Table.Td>{formatDollars(line.platform_fee)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

function PayoutHistory({ payouts }: { payouts: CreatorEarnings['payout_history'] }) {
  return (
    <Stack gap="xs" component="section" aria-labelledby="payouts-title">
      <Title order={2} size="h4" id="payouts-title">
        Recent payouts
      </Title>
      {payouts.length === 0 ? (
        <Text c="dimmed">No payouts yet.</Text>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table striped withTableBorder aria-label="Recent payouts">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Requested</Table.Th>
                <Table.Th>Amount</Table.Th>
                <Table.Th>Method</Table.Th>
                <Table.Th>Status</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {payouts.map((payout) => (
                <Table.Tr key={payout.id}>
                  <Table.Td>{formatDate(payout.requested_date)}</Table.Td>
                  <Table.Td>{formatDollars(payout.amount)}</Table.Td>
                  <Table.Td>{payoutMethodLabel(payout.payment_method)}</Table.Td>
                  <Table.Td>
                    <Badge color={payoutStatusColor(payout.status)} variant="light">
                      {payoutStatusLabel(payout.status)}
                    </Badge>
                    {payout.failure_reason && (
                      <Text size="xs" c="dimmed" mt={2}>
                        {payout.failure_reason}
                      </Text>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

/** The `earnings` section (seed 001 §2 Creator earnings): balances, the payout request, this month's revenue, payouts. */
export const EarningsSection = observer(function EarningsSection() {
  const { earnings } = useStores();

  useEffect(() => {
    void earnings.load();
  }, [earnings]);

  const { data } = earnings;

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} size="h2">
          Earnings
        </Title>
        <Text c="dimmed">What your channel has earned, and payouts to you. All amounts are in US dollars.</Text>
      </Stack>
      {(earnings.status === 'error' || !data) && (
        <SectionState
          status={earnings.status === 'error' ? 'error' : 'loading'}
          loadingLabel="Loading earnings"
          failed={EARNINGS_MESSAGES.loadFailed}
          onRetry={() => void earnings.load()}
        />
      )}
      {data && (
        <>
          <BalanceCards earnings={data.earnings} />
          <PayoutForm data={data} />
          <RevenueTable lines={data.current_month_revenue} />
          <PayoutHistory payouts={data.payout_history} />
        </>
      )}
    </Stack>
  );
});
