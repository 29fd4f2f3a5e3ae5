import { useState, type ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import { Alert, Avatar, Badge, Box, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import { ConfirmModal } from '../../../shared/ConfirmModal';
import { formatDate } from '../../../shared/format';
import { MONETIZATION, usd } from '../../monetization/constants';
import { membershipCheckoutKey } from '../../payments/PaymentsStore';
import type { MembershipChannel, MembershipTier } from '../types';
import { AddTierModal } from './AddTierModal';
import { MembersModal } from './MembersModal';

const memberCount = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'member' : 'members'}`;

/** The viewer's membership of the channel: its tier and until when (or when it ended). */
function MyMembershipNote({ channel }: { channel: MembershipChannel }) {
  const mine = channel.my_membership;
  if (!mine) return null;
  return mine.active ? (
    <Alert color="teal" variant="light" title="You are a member">
      {mine.tier_name}, active until {formatDate(mine.expires_at)}. Renewing adds 30 days.
    </Alert>
  ) : (
    <Alert color="gray" variant="light" title="Your membership ended">
      {mine.tier_name}, ended on {formatDate(mine.expires_at)}.
    </Alert>
  );
}

/** One tier: name, price per month, what it gives, and the channel's action for it. */
function TierRow({ tier, action }: { tier: MembershipTier; action: ReactNode }) {
  return (
    <Card withBorder radius="sm" padding="sm" component="li" aria-label={tier.name}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs">
            <Text fw={600}>{tier.name}</Text>
            <Text c="dimmed">{usd(tier.price)}/month</Text>
          </Group>
          {tier.description && (
            <Text size="sm" c="dimmed">
              {tier.description}
            </Text>
          )}
        </Stack>
        <Box style={{ flexShrink: 0 }}>{action}</Box>
      </Group>
    </Card>
  );
}

function ChannelHeader({ channel }: { channel: MembershipChannel }) {
  return (
    <Group gap="sm" wrap="nowrap">
      <Avatar src={channel.photo_url} alt="" radius="xl" size="lg">
        {channel.channel_name.slice(0, 1).toUpperCase()}
      </Avatar>
      <Stack gap={0}>
        <Group gap="xs">
          <Title order={3} size="h4">
            {channel.channel_name}
          </Title>
          {channel.is_owner && (
            <Badge color="gray" variant="outline" size="sm">
              Your channel
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          @{channel.handle} · {memberCount(channel.member_count)}
        </Text>
      </Stack>
    </Group>
  );
}

/** Someone else's channel: its tiers with Join (Renew for the tier the viewer holds, Switch for another one). */
export const JoinableChannelCard = observer(function JoinableChannelCard({ channel }: { channel: MembershipChannel }) {
  const { memberships, payments } = useStores();
  const mine = channel.my_membership?.active ? channel.my_membership : null;

  const actionFor = (tier: MembershipTier) => {
    const verb = !mine ? 'Join' : mine.tier_name === tier.name ? 'Renew' : 'Switch';
    const label = verb === 'Switch' ? `Switch to ${tier.name}` : `${verb} ${tier.name}`;
    return (
      <Button
        size="xs"
        variant={verb === 'Renew' ? 'light' : 'filled'}
        aria-label={label}
        loading={payments.isStarting(membershipCheckoutKey(channel.channel_id, tier.name))}
        disabled={payments.checkoutStarting}
        onClick={() => void memberships.join(channel, tier)}
      >
        {verb}
      </Button>
    );
  };

  return (
    <Card withBorder radius="md" padding="lg" component="article" aria-label={channel.channel_name}>
      <Stack gap="sm">
        <ChannelHeader channel={channel} />
        <MyMembershipNote channel={channel} />
        {mine && (
          <Text size="xs" c="dimmed">
            Switching moves your membership to that tier: the time left is converted at the two prices, and 30 days are added.
          </Text>
        )}
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label={`Tiers of ${channel.channel_name}`}>
          {channel.tiers.map((tier) => (
            <TierRow key={tier.id} tier={tier} action={actionFor(tier)} />
          ))}
        </Stack>
      </Stack>
    </Card>
  );
});

/** One of the viewer's channels: its tiers (each can be retired), its members, and a form to add a tier. */
export const OwnChannelCard = observer(function OwnChannelCard({ channel }: { channel: MembershipChannel }) {
  const { memberships } = useStores();
  const [addOpen, setAddOpen] = useState(false);
  const [membersOpen, setMembersOpen] = useState(false);
  const [retiring, setRetiring] = useState<MembershipTier | null>(null);

  const confirmRetire = async () => {
    if (!retiring) return;
    await memberships.retireTier(retiring);
    setRetiring(null);
  };

  return (
    <Card withBorder radius="md" padding="lg" component="article" aria-label={channel.channel_name}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <ChannelHeader channel={channel} />
          <Group gap="xs">
            <Button variant="light" size="xs" onClick={() => setMembersOpen(true)}>
              Members
            </Button>
            <Button size="xs" onClick={() => setAddOpen(true)}>
              Add tier
            </Button>
          </Group>
        </Group>
        <Text size="sm" c="dimmed">
          You cannot join your own channel. You receive {100 - MONETIZATION.memberships.platformFee}% of what members
          pay; the platform keeps {MONETIZATION.memberships.platformFee}%.
        </Text>
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label={`Tiers of ${channel.channel_name}`}>
          {channel.tiers.map((tier) => (
            <TierRow
              key={tier.id}
              tier={tier}
              action={
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  aria-label={`Retire ${tier.name}`}
                  loading={memberships.isRetiring(tier.id)}
                  onClick={() => setRetiring(tier)}
                >
                  Retire
                </Button>
              }
            />
          ))}
        </Stack>
      </Stack>
      <AddTierModal channelId={channel.channel_id} channelName={channel.channel_name} opened={addOpen} onClose={() => setAddOpen(false)} />
      <MembersModal
        channelId={channel.channel_id}
        channelName={channel.channel_name}
        opened={membersOpen}
        onClose={() => setMembersOpen(false)}
      />
      <ConfirmModal
        opened={retiring !== null}
        title="Retire tier"
        message={`Retire ${retiring?.name ?? 'this tier'}?`}
        confirmLabel="Retire tier"
        danger
        loading={retiring !== null && memberships.isRetiring(retiring.id)}
        onConfirm={() => void confirmRetire()}
        onCancel={() => setRetiring(null)}
      >
        <Text size="sm" c="dimmed">
          Nobody new can join it. Its members keep the time they paid for.
        </Text>
      </ConfirmModal>
    </Card>
  );
});
