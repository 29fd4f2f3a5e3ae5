import { useRef, type RefObject } from 'react';
import { observer } from 'mobx-react-lite';
import { Anchor, AspectRatio, Badge, Blockquote, Box, Button, Card, Grid, Group, Image, Stack, Table, Text, Title } from '@mantine/core';
import { formatClock, formatDate } from '../../../shared/format';
import { CASE_ACTIONS, CASE_ACTION_LABELS, RESOLUTION_LABELS, TEXT_CONTENT, contentTypeLabel, reasonLabel, type CaseAction, type ContentType } from '../messages';
import type { ModerationCase } from '../types';

/** What the admin can decide on a case: a profile cannot be removed, and without an owner there is no one to strike. */
export function allowedActions(item: ModerationCase): CaseAction[] {
  return CASE_ACTIONS.filter((action) => {
    if (item.content_type === 'user' && (action === 'remove' || action === 'remove_and_strike')) return false;
    if (!item.owner && (action === 'strike' || action === 'remove_and_strike')) return false;
    return true;
  });
}

/** The case's name in the queue: its title, the comment's opening words, or the channel. */
export function caseTitle(item: ModerationCase): string {
  const { content } = item;
  if (TEXT_CONTENT.includes(item.content_type as ContentType)) {
    const label = contentTypeLabel(item.content_type);
    return content.text ? `${label}: “${content.text.length > 80 ? `${content.text.slice(0, 79)}…` : content.text}”` : label;
  }
  if (item.content_type === 'user') return content.channel_name ?? (content.handle ? `@${content.handle}` : 'Channel');
  return content.title ?? `${contentTypeLabel(item.content_type)} ${item.content_id}`;
}

/** The content as it was reported: its player (or picture), title, text, description and channel. */
function ContentPreview({ item, player }: { item: ModerationCase; player: RefObject<HTMLVideoElement | null> }) {
  const { content } = item;
  const vertical = item.content_type === 'reel';
  return (
    <Stack gap="xs">
      {content.stream_url ? (
        <AspectRatio ratio={vertical ? 9 / 16 : 16 / 9} maw={vertical ? 200 : undefined}>
          <Box
            component="video"
            ref={player}
            src={content.stream_url}
            poster={content.thumbnail_url ?? undefined}
            controls
            preload="metadata"
            aria-label={`Preview of ${caseTitle(item)}`}
            bg="dark.8"
            style={{ borderRadius: 8 }}
          />
        </AspectRatio>
      ) : content.thumbnail_url ? (
        <Image
          src={content.thumbnail_url}
          alt={`Picture of ${caseTitle(item)}`}
          radius="md"
          fit="contain"
          w="auto"
          maw={item.content_type === 'user' ? 96 : '100%'}
          mah={item.content_type === 'user' ? 96 : 220}
          style={{ alignSelf: 'flex-start' }}
        />
      ) : null}
      {content.removed && (
        <Badge color="red" variant="light">
          Removed by moderation
        </Badge>
      )}
      {TEXT_CONTENT.includes(item.content_type as ContentType) && content.text && (
        <Blockquote p="xs" color="gray" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {content.text}
        </Blockquote>
      )}
      {TEXT_CONTENT.includes(item.content_type as ContentType) && content.title && (
        <Text size="sm" c="dimmed">
          On {content.media_kind ? contentTypeLabel(content.media_kind).toLowerCase() : 'item'} “{content.title}”
        </Text>
      )}
      {content.description && (
        <Text size="sm" lineClamp={4} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {content.description}
        </Text>
      )}
      {(content.channel_name || content.handle) && (
        <Text size="sm" c="dimmed">
          Channel: {content.channel_name ?? ''}
          {content.handle ? ` @${content.handle}` : ''}
        </Text>
      )}
    </Stack>
  );
}

/** The reporters' reasons, details and times; a time seeks the preview. */
function Reports({ item, onSeek }: { item: ModerationCase; onSeek: (seconds: number) => void }) {
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table aria-label="Reports" verticalSpacing={4}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Reporter</Table.Th>
            <Table.Th>Reason</Table.Th>
            <Table.Th>Details</Table.Th>
            <Table.Th>At</Table.Th>
            <Table.Th>Reported</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {item.reports.map((report) => (
            <Table.Tr key={report.id}>
              <Table.Td>{report.reporter?.username ?? 'Deleted user'}</Table.Td>
              <Table.Td>{reasonLabel(report.reason)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{report.description || '—'}</Table.Td>
              <Table.Td>
                {report.timestamp_seconds === null ? (
                  '—'
                ) : item.content.stream_url ? (
                  <Anchor component="button" type="button" size="sm" onClick={() => onSeek(report.timestamp_seconds as number)}>
                    {formatClock(report.timestamp_seconds)}
                  </Anchor>
                ) : (
                  formatClock(report.timestamp_seconds)
                )}
              </Table.Td>
              <Table.Td>{formatDate(report.created_at)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * One case of the queue: the content as reported, its owner, the reports, and (open) the decisions or (resolved) how
 * it ended.
 */
export const CaseCard = observer(function CaseCard({
  item,
  busy,
  onDecide,
}: {
  item: ModerationCase;
  busy: boolean;
  onDecide?: (action: CaseAction) => void;
}) {
  const player = useRef<HTMLVideoElement>(null);
  const title = caseTitle(item);
  const resolution = item.resolution ? (RESOLUTION_LABELS[item.resolution] ?? { label: item.resolution, color: 'gray' }) : null;
  const seek = (seconds: number) => {
    const video = player.current;
    if (!video) return;
    video.currentTime = seconds;
    video.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  };

  return (
    <Card withBorder padding="md" radius="md" component="article" aria-label={`Case: ${title}`}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={2} miw={0}>
            <Group gap="xs">
              <Badge variant="light">{contentTypeLabel(item.content_type)}</Badge>
              <Badge color="red" variant="filled">
                {item.report_count === 1 ? '1 report' : `${item.report_count.toLocaleString('en-US')} reports`}
              </Badge>
              {resolution && (
                <Badge color={resolution.color} variant="light">
                  {resolution.label}
                </Badge>
              )}
            </Group>
            <Title order={3} size="h5" style={{ overflowWrap: 'anywhere' }}>
              {title}
            </Title>
            <Text size="xs" c="dimmed">
              First reported {formatDate(item.first_reported_at)}
              {item.last_reported_at !== item.first_reported_at ? ` · last ${formatDate(item.last_reported_at)}` : ''} · Owner:{' '}
              {item.owner ? (item.owner.username ?? item.owner.user_id) : 'unknown (no account)'}
            </Text>
          </Stack>
        </Group>
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 5 }}>
            <ContentPreview item={item} player={player} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Reports item={item} onSeek={seek} />
            {item.reports.length < item.report_count && (
              <Text size="xs" c="dimmed">
                The {item.reports.length} newest of {item.report_count} reports.
              </Text>
            )}
          </Grid.Col>
        </Grid>
        {item.status === 'resolved' ? (
          <Stack gap={2}>
            {item.resolution_reason && <Text size="sm">Reason: {item.resolution_reason}</Text>}
            {item.resolved_at && (
              <Text size="xs" c="dimmed">
                Decided {formatDate(item.resolved_at)}
                {item.resolved_by ? ` by ${item.resolved_by}` : ''}
              </Text>
            )}
          </Stack>
        ) : (
          onDecide && (
            <Group gap="xs">
              {allowedActions(item).map((action) => (
                <Button
                  key={action}
                  size="xs"
                  variant={action === 'dismiss' ? 'default' : 'light'}
                  color={action === 'dismiss' ? undefined : action === 'strike' ? 'orange' : 'red'}
                  disabled={busy}
                  onClick={() => onDecide(action)}
                >
                  {CASE_ACTION_LABELS[action]}
                </Button>
              ))}
            </Group>
          )
        )}
      </Stack>
    </Card>
  );
});
