import { useEffect } from 'react';
import { observer } from 'mobx-react-lite';
import { Badge, Button, Center, Loader, Modal, ScrollArea, Stack, Switch, Table, Text } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import { formatDate } from '../../../shared/format';
import { usd } from '../../monetization/constants';
import { MEMBERSHIP_MESSAGES } from '../messages';

interface MembersModalProps {
  channelId: string;
  channelName: string;
  opened: boolean;
  onClose: () => void;
}

/** A channel owner's members, newest first, from the server; those whose time ran out on request. */
export const MembersModal = observer(function MembersModal({ channelId, channelName, opened, onClose }: MembersModalProps) {
  const { memberships } = useStores();
  const list = memberships.membersOf(channelId);

  useEffect(() => {
    if (opened) void memberships.loadMembers(channelId);
  }, [opened, channelId, memberships]);

  return (
    <Modal opened={opened} onClose={onClose} title={`Members of ${channelName}`} size="xl" centered>
      <Stack gap="sm">
        <Switch
          label="Include members whose time ran out"
          checked={list.includeLapsed}
          onChange={(event) => void memberships.loadMembers(channelId, event.currentTarget.checked)}
        />
        {list.status === 'loading' || list.status === 'idle' ? (
          <Center py="lg" role="status" aria-label="Loading members">
            <Loader />
          </Center>
        ) : list.status === 'error' ? (
          <Stack align="center" gap="xs" py="lg">
            <Text c="dimmed">{MEMBERSHIP_MESSAGES.membersLoadFailed}</Text>
            <Button variant="light" onClick={() => void memberships.loadMembers(channelId)}>
              Try again
            </Button>
          </Stack>
        ) : list.members.length === 0 ? (
          <Text c="dimmed" py="lg" ta="center">
            {list.includeLapsed ? 'No one has been a member yet' : 'No members yet'}
          </Text>
        ) : (
          <ScrollArea>
            <Table striped aria-label="Members">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Member</Table.Th>
                  <Table.Th>Tier</Table.Th>
                  <Table.Th>Price</Table.Th>
                  <Table.Th>Since</Table.Th>
                  <Table.Th>Until</Table.Th>
                  <Table.Th>Status</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.members.map((member) => (
                  <Table.Tr key={member.user_id}>
                    <Table.Td>{member.username ?? 'Deleted user'}</Table.Td>
                    <Table.Td>{member.tier_name}</Table.Td>
                    <Table.Td>{usd(member.price)}/month</Table.Td>
                    <Table.Td>{formatDate(member.started_at)}</Table.Td>
                    <Table.Td>{formatDate(member.expires_at)}</Table.Td>
                    <Table.Td>
                      <Badge color={member.active ? 'teal' : 'gray'} variant="light">
                        {member.active ? 'Active' : 'Ended'}
                      </Badge>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        )}
      </Stack>
    </Modal>
  );
});
