import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Alert, Button, Card, Center, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import type { AccountDto } from '../../accounts/types';
import { isPrivateChannel } from '../MembershipsStore';
import { MEMBERSHIP_MESSAGES } from '../messages';
import { AddTierModal } from './AddTierModal';
import { JoinableChannelCard, OwnChannelCard } from './ChannelCard';

const GRID = { base: 1, md: 2 } as const;

/** The viewer's active channel, which offers no memberships yet: a first tier can be added here. */
const StartMembershipsCard = observer(function StartMembershipsCard({ account }: { account: AccountDto }) {
  const [open, setOpen] = useState(false);
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={`Memberships for ${account.display_name}`}>
      <Stack gap="sm" align="flex-start">
        <Title order={3} size="h4">
          Offer memberships on {account.display_name}
        </Title>
        <Text size="sm">
          Your active channel has no membership tiers. Add a tier, with its price per month and what members get, and
          viewers can join it here.
        </Text>
        {isPrivateChannel(account) && (
          <Alert color="yellow" variant="light">
            This channel is private: it is not listed here and nobody can join it until you make it public in Account
            Settings.
          </Alert>
        )}
        <Button onClick={() => setOpen(true)}>Add tier</Button>
      </Stack>
      <AddTierModal channelId={account.id} channelName={account.display_name} opened={open} onClose={() => setOpen(false)} />
    </Card>
  );
});

/**
 * Memberships (seed 001 §2): the channels that offer memberships, with their tiers and prices per month, Join (or
 * Renew) through the hosted checkout, and the viewer's own membership with its expiry. The viewer's own channels
 * come first, with their members, a form to add a tier and a way to retire one.
 */
export const MembershipsSection = observer(function MembershipsSection() {
  const { memberships, accounts } = useStores();

  useEffect(() => {
    memberships.ensureLoaded();
    accounts.ensureLoaded();
  }, [memberships, accounts]);

  const starting = memberships.activeChannelWithoutTiers;
  const own = memberships.ownChannels;
  const others = memberships.otherChannels;

  let body;
  if (memberships.status === 'idle' || memberships.status === 'loading') {
    body = (
      <Center py="xl" role="status" aria-label="Loading memberships">
        <Loader />
      </Center>
    );
  } else if (memberships.status === 'error') {
    body = (
      <Stack align="center" gap="xs" py="xl">
        <Text c="dimmed">{MEMBERSHIP_MESSAGES.loadFailed}</Text>
        <Button variant="light" onClick={() => void memberships.load()}>
          Try again
        </Button>
      </Stack>
    );
  } else {
    body = (
      <>
        {(own.length > 0 || starting) && (
          <Stack component="section" aria-label="Your channels" gap="sm">
            <Title order={2} size="h3">
              Your channels
            </Title>
            <SimpleGrid cols={GRID}>
              {own.map((channel) => (
                <OwnChannelCard key={channel.channel_id} channel={channel} />
              ))}
              {starting && <StartMembershipsCard account={starting} />}
            </SimpleGrid>
          </Stack>
        )}
        <Stack component="section" aria-label="Channels" gap="sm">
          <Title order={2} size="h3">
            Channels
          </Title>
          {others.length === 0 ? (
            <Text c="dimmed">
              {own.length === 0 ? 'No channel offers memberships yet.' : 'No other channel offers memberships yet.'}
            </Text>
          ) : (
            <SimpleGrid cols={GRID}>
              {others.map((channel) => (
                <JoinableChannelCard key={channel.channel_id} channel={channel} />
              ))}
            </SimpleGrid>
          )}
        </Stack>
      </>
    );
  }

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>Memberships</Title>
        <Text c="dimmed">Support a channel every month and get the perks of its tier.</Text>
      </Stack>
      {body}
    </Stack>
  );
});
