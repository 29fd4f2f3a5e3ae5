import { useEffect, type FormEvent } from 'react';
import { observer } from 'mobx-react-lite';
import { Alert, Button, Group, Modal, NumberInput, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { formatDollars } from '../../../shared/format';
import type { FounderStore } from '../FounderStore';
import { FOUNDER_BANK_FIELDS, FOUNDER_MESSAGES } from '../messages';
import { Figure, LoadState, Panel } from './parts';

const BankDetails = observer(function BankDetails({ store }: { store: FounderStore }) {
  const { data, status } = store.bankAccount;
  if (!data) return <LoadState status={status} loadingLabel="Loading bank account" failed={FOUNDER_MESSAGES.bankLoadFailed} onRetry={() => void store.loadBanking()} />;
  const account = data.bank_account;
  if (!account) return <Text c="dimmed">No bank account yet. Save one below to withdraw the platform&apos;s earnings.</Text>;
  return (
    <Table withTableBorder variant="vertical" aria-label="Saved bank account">
      <Table.Tbody>
        <Table.Tr>
          <Table.Th w={180}>Bank name</Table.Th>
          <Table.Td>{account.bank_name}</Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Th>Account holder</Table.Th>
          <Table.Td>{account.account_holder_name}</Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Th>Account number</Table.Th>
          <Table.Td>{account.account_number_masked}</Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Th>Account type</Table.Th>
          <Table.Td>{account.account_type}</Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Th>Currency</Table.Th>
          <Table.Td>{account.currency}</Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
});

const BankForm = observer(function BankForm({ store }: { store: FounderStore }) {
  const saved = store.bankAccount.data?.bank_account;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void store.saveBankAccount();
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Save bank account">
      <Stack gap="sm">
        <Text fw={600} size="sm">
          {saved ? 'Replace the bank account' : 'Add a bank account'}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {FOUNDER_BANK_FIELDS.map((field) => (
            <TextInput
              key={field.name}
              label={field.label}
              required
              autoComplete={field.autoComplete}
              inputMode={field.name === 'account_number' || field.name === 'routing_number' ? 'numeric' : undefined}
              value={store.bank[field.name]}
              error={store.bankErrors[field.name]}
              onChange={(event) => store.setBankField(field.name, event.currentTarget.value)}
              disabled={store.savingBank}
            />
          ))}
        </SimpleGrid>
        <Group>
          <Button type="submit" loading={store.savingBank}>
            Save bank account
          </Button>
        </Group>
      </Stack>
    </form>
  );
});

const WithdrawModal = observer(function WithdrawModal({ store }: { store: FounderStore }) {
  const available = store.availableBalance ?? 0;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void store.withdraw();
  };
  return (
    <Modal opened={store.withdrawOpen} onClose={store.closeWithdraw} title="Withdraw platform earnings" centered>
      <form onSubmit={submit} noValidate aria-label="Withdrawal">
        <Stack gap="md">
          <Text size="sm">
            Available: {formatDollars(available)}. Minimum: {formatDollars(store.minimumWithdrawal)}.
          </Text>
          <NumberInput
            label="Amount (USD)"
            min={0}
            max={available}
            decimalScale={2}
            prefix="$"
            thousandSeparator=","
            allowNegative={false}
            clampBehavior="none"
            value={store.withdrawAmount}
            onChange={(value) => store.setWithdrawAmount(value === '' ? '' : String(value))}
            error={store.withdrawError}
            disabled={store.processing}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={store.closeWithdraw} disabled={store.processing}>
              Cancel
            </Button>
            <Button type="submit" loading={store.processing} disabled={store.processing}>
              Confirm withdrawal
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
});

const Earnings = observer(function Earnings({ store }: { store: FounderStore }) {
  const { data, status } = store.earnings;
  if (!data) return <LoadState status={status} loadingLabel="Loading earnings" failed={FOUNDER_MESSAGES.earningsLoadFailed} onRetry={() => void store.loadBanking()} />;
  const { earnings } = data;
  const belowMinimum = !store.canStartWithdrawal && !store.processing;
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 2, md: 5 }}>
        <Figure label="Available balance" value={formatDollars(earnings.available_balance)} />
        <Figure label="Pending balance" value={formatDollars(earnings.pending_balance)} />
        <Figure label="Lifetime earnings" value={formatDollars(earnings.lifetime_earnings)} />
        <Figure label="Total withdrawn" value={formatDollars(earnings.total_withdrawn)} />
        <Figure label="Minimum payout" value={formatDollars(earnings.minimum_payout)} />
      </SimpleGrid>
      <Group gap="sm" align="center">
        <Button onClick={store.openWithdraw} disabled={!store.canStartWithdrawal} loading={store.processing}>
          Withdraw
        </Button>
        {belowMinimum && <Text size="sm" c="dimmed">{FOUNDER_MESSAGES.minimumWithdrawal(store.minimumWithdrawal)}</Text>}
        {!belowMinimum && !store.bankAccount.data?.bank_account && store.bankAccount.data && (
          <Text size="sm" c="dimmed">
            Save a bank account first: withdrawals go to it.
          </Text>
        )}
      </Group>
      <WithdrawModal store={store} />
    </Stack>
  );
});

/** Seed 001 §2, Banking: the platform's bank account (masked), the form to save one, earnings and withdrawals. */
export const BankingTab = observer(function BankingTab({ store }: { store: FounderStore }) {
  useEffect(() => {
    void store.loadBanking();
  }, [store]);
  return (
    <Stack gap="lg">
      <Panel id="founder-bank" title="Bank account">
        <BankDetails store={store} />
        <BankForm store={store} />
      </Panel>
      <Panel id="founder-earnings" title="Platform earnings">
        <Earnings store={store} />
      </Panel>
      {store.bankAccount.status === 'error' && store.bankAccount.data && <Alert color="red">{FOUNDER_MESSAGES.bankLoadFailed}</Alert>}
    </Stack>
  );
});
