import { useEffect } from 'react';
import { observer } from 'mobx-react-lite';
import { Alert, Button, Card, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import { FEEDBACK_INBOX_MESSAGES, FEEDBACK_PAGE_SIZE } from '../FeedbackStore';

const when = (iso: string) => new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** The feedback inbox: what users sent from Settings → Send feedback, newest first, with Load more. */
export const FeedbackPanel = observer(function FeedbackPanel() {
  const { admin } = useStores();
  const list = admin.feedback.items;

  useEffect(() => {
    void admin.feedback.load();
  }, [admin]);

  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-label="Feedback">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} size="h4">
            Feedback
          </Title>
          <Button variant="subtle" size="xs" onClick={() => void list.load()} loading={list.status === 'loading'}>
            Refresh
          </Button>
        </Group>
        {list.status === 'error' && (
          <Alert color="red" role="alert">
            <Group justify="space-between">
              <Text size="sm">{FEEDBACK_INBOX_MESSAGES.loadFailed}</Text>
              <Button size="xs" variant="light" color="red" onClick={() => void list.load()}>
                Retry
              </Button>
            </Group>
          </Alert>
        )}
        {(list.status === 'idle' || list.status === 'loading') && list.items.length === 0 && <Loader size="sm" aria-label="Loading feedback" />}
        {list.status === 'ready' && list.items.length === 0 && <Text c="dimmed">{FEEDBACK_INBOX_MESSAGES.empty}</Text>}
        {list.items.length > 0 && (
          <Stack gap="sm" role="list" aria-label="Feedback messages">
            {list.items.map((f) => (
              <Paper key={f.id} withBorder p="sm" radius="sm" role="listitem">
                <Group justify="space-between" mb={4}>
                  <Text size="xs" c="dimmed">
                    {when(f.created_at)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {f.user_id ? `From user ${f.user_id}` : `From a ${FEEDBACK_INBOX_MESSAGES.deletedUser}`}
                  </Text>
                </Group>
                <Text style={{ whiteSpace: 'pre-wrap' }}>{f.message}</Text>
              </Paper>
            ))}
          </Stack>
        )}
        {list.moreFailed && (
          <Text c="red" size="sm" role="alert">
            {FEEDBACK_INBOX_MESSAGES.moreFailed}
          </Text>
        )}
        {(list.nextCursor || list.moreFailed) && (
          <Group justify="center">
            <Button variant="default" size="xs" loading={list.loadingMore} onClick={() => void list.loadMore({ limit: FEEDBACK_PAGE_SIZE })}>
              Load more
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
});
