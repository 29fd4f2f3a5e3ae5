import type { ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import { Alert, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import type { PagedList } from '../../../shared/pagedList';

export const when = (iso: string) => new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

interface PagedListCardProps<T> {
  /** The section's title, also its accessible name. */
  title: string;
  list: PagedList<T>;
  pageSize: number;
  messages: { loadFailed: string; moreFailed: string; empty: string; loading: string };
  /** The items, once there are some. */
  children: ReactNode;
}

/**
 * A console section over a paged list, newest first: a title with Refresh, the load failure with Retry, a loader, the
 * empty text, the items (children), and Load more while the server has more (with its own failure).
 */
export const PagedListCard = observer(function PagedListCard<T>({ title, list, pageSize, messages, children }: PagedListCardProps<T>) {
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-label={title}>
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} size="h4">
            {title}
          </Title>
          <Button variant="subtle" size="xs" onClick={() => void list.load()} loading={list.status === 'loading'}>
            Refresh
          </Button>
        </Group>
        {list.status === 'error' && (
          <Alert color="red" role="alert">
            <Group justify="space-between">
              <Text size="sm">{messages.loadFailed}</Text>
              <Button size="xs" variant="light" color="red" onClick={() => void list.load()}>
                Retry
              </Button>
            </Group>
          </Alert>
        )}
        {(list.status === 'idle' || list.status === 'loading') && list.items.length === 0 && <Loader size="sm" role="status" aria-label={messages.loading} />}
        {list.status === 'ready' && list.items.length === 0 && <Text c="dimmed">{messages.empty}</Text>}
        {list.items.length > 0 && children}
        {list.moreFailed && (
          <Text c="red" size="sm" role="alert">
            {messages.moreFailed}
          </Text>
        )}
        {(list.nextCursor || list.moreFailed) && (
          <Group justify="center">
            <Button variant="default" size="xs" loading={list.loadingMore} onClick={() => void list.loadMore({ limit: pageSize })}>
              Load more
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
});
