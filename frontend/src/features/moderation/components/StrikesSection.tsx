import { useEffect, useRef, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Alert, Badge, Button, Card, Group, Loader, Stack, Text, Textarea, Title } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import { formatDate } from '../../../shared/format';
import { APPEAL_DAYS, APPEAL_MESSAGE_MAX, APPEAL_STATUS, STRIKE_DAYS, MODERATION_MESSAGES, STRIKE_STATUS, contentTypeLabel } from '../messages';
import type { Strike } from '../types';

/** The appeal of a strike the server says can still be appealed: a message of up to 2000 characters. */
const AppealForm = observer(function AppealForm({ strike }: { strike: Strike }) {
  const { moderation } = useStores();
  const store = moderation.strikes;
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);

  return (
    <form
      noValidate
      aria-label="Appeal this strike"
      onSubmit={(event) => {
        event.preventDefault();
        void store.appeal(strike, message).then((refused) => {
          setError(refused);
          if (!refused) setMessage('');
        });
      }}
    >
      <Stack gap="xs">
        <Textarea
          label="Appeal this strike"
          description={`Tell us why the strike should be removed. You can appeal until ${formatDate(strike.appeal_deadline)}, once. ${message.length}/${APPEAL_MESSAGE_MAX}`}
          autosize
          minRows={2}
          maxRows={8}
          maxLength={APPEAL_MESSAGE_MAX}
          value={message}
          error={error}
          onChange={(event) => {
            setMessage(event.currentTarget.value);
            if (error) setError(null);
          }}
          disabled={store.isAppealing(strike.id)}
        />
        <Group>
          <Button type="submit" size="xs" loading={store.isAppealing(strike.id)}>
            Send appeal
          </Button>
        </Group>
      </Stack>
    </form>
  );
});

function AppealState({ appeal }: { appeal: NonNullable<Strike['appeal']> }) {
  const status = APPEAL_STATUS[appeal.status] ?? { label: appeal.status, color: 'gray' };
  return (
    <Stack gap={4} aria-label="Your appeal" role="group">
      <Group gap="xs">
        <Badge color={status.color} variant="light">
          {status.label}
        </Badge>
        <Text size="xs" c="dimmed">
          Sent {formatDate(appeal.created_at)}
          {appeal.decided_at ? ` · decided ${formatDate(appeal.decided_at)}` : ''}
        </Text>
      </Group>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        Your appeal: {appeal.message}
      </Text>
      {appeal.decision_reason && <Text size="sm">Decision: {appeal.decision_reason}</Text>}
    </Stack>
  );
}

const StrikeCard = observer(function StrikeCard({ strike }: { strike: Strike }) {
  const status = STRIKE_STATUS[strike.status] ?? { label: strike.status, color: 'gray' };
  return (
    <Card withBorder padding="md" radius="md" component="article" aria-label={`Strike: ${strike.reason}`}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {strike.reason}
          </Text>
          <Badge color={status.color} variant={strike.status === 'active' ? 'filled' : 'light'}>
            {status.label}
          </Badge>
        </Group>
        <Text size="sm">
          {contentTypeLabel(strike.content_type)}
          {strike.content_title ? `: “${strike.content_title}”` : ''}
          {strike.content_removed ? ' (removed)' : ''}
        </Text>
        <Text size="xs" c="dimmed">
          Given {formatDate(strike.created_at)} ·{' '}
          {strike.status === 'overturned' ? 'overturned' : `${strike.status === 'expired' ? 'ended' : 'ends'} ${formatDate(strike.expires_at)}`}
          {strike.status === 'active' && !strike.appeal ? ` · appeal until ${formatDate(strike.appeal_deadline)}` : ''}
        </Text>
        {strike.appeal && <AppealState appeal={strike.appeal} />}
        {strike.can_appeal && !strike.appeal && <AppealForm strike={strike} />}
      </Stack>
    </Card>
  );
});

/** The partner program section's "tab" that brings its strikes into view (a strike notification opens it). */
export const STRIKES_TAB = 'strikes';

/**
 * The creator's Community Guidelines strikes on the partner program page: each one's reason, the content it was given
 * for, when it was given and ends, its standing, and the appeal (the form while it can be appealed, its outcome after).
 */
export const StrikesSection = observer(function StrikesSection() {
  const { moderation, ui } = useStores();
  const store = moderation.strikes;
  const section = useRef<HTMLElement>(null);
  const wanted = ui.tabOf<string>('monetization', '') === STRIKES_TAB;

  useEffect(() => {
    void store.load();
  }, [store]);

  // Opened from a notification: brought into view once the strikes show, once.
  useEffect(() => {
    if (!wanted || store.status !== 'ready') return;
    section.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
    ui.setTab('monetization', '');
  }, [wanted, store.status, ui]);

  return (
    <Card ref={section} withBorder padding="lg" radius="md" component="section" aria-labelledby="strikes-title" id="strikes">
      <Stack gap="sm">
        <Title order={2} size="h4" id="strikes-title">
          Community Guidelines strikes
        </Title>
        {store.status === 'error' && (
          <Alert color="red" role="alert" title={MODERATION_MESSAGES.strikesLoadFailed}>
            <Button variant="light" color="red" size="xs" mt="xs" onClick={() => void store.load()}>
              Try again
            </Button>
          </Alert>
        )}
        {(store.status === 'idle' || store.status === 'loading') && <Loader size="sm" role="status" aria-label="Loading strikes" />}
        {store.status === 'ready' && store.strikes.length === 0 && (
          <Text size="sm" c="dimmed">
            Your channel has no strikes.
          </Text>
        )}
        {store.strikes.length > 0 && (
          <>
            <Text size="sm" c="dimmed">
              A strike lasts {STRIKE_DAYS} days. While one is active your channel does not meet the partner
              program&apos;s guidelines requirement and payouts are on hold. You can appeal a strike once, within{' '}
              {APPEAL_DAYS} days.
            </Text>
            <Stack gap="sm">
              {store.strikes.map((strike) => (
                <StrikeCard key={strike.id} strike={strike} />
              ))}
            </Stack>
          </>
        )}
      </Stack>
    </Card>
  );
});
