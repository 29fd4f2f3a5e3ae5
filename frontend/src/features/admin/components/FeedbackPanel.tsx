import { useEffect } from 'react';
import { observer } from 'mobx-react-lite';
import { Group, Paper, Stack, Text } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import { FEEDBACK_INBOX_MESSAGES, FEEDBACK_PAGE_SIZE } from '../FeedbackStore';
import { PagedListCard, when } from './PagedListCard';

/** The feedback inbox: what users sent from Settings → Send feedback, newest first, with Load more. */
export const FeedbackPanel = observer(function FeedbackPanel() {
  const { admin } = useStores();
  const list = admin.feedback.items;

  useEffect(() => {
    void admin.feedback.load();
  }, [admin]);

  return (
    <PagedListCard title="Feedback" list={list} pageSize={FEEDBACK_PAGE_SIZE} messages={{ ...FEEDBACK_INBOX_MESSAGES, loading: 'Loading feedback' }}>
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
    </PagedListCard>
  );
});
