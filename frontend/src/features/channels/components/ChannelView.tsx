import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Anchor, Avatar, Box, Button, Center, Group, Loader, SegmentedControl, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import { useStores } from '../../../stores/StoreProvider';
import { useRequireAccount } from '../../../stores/useRequireAccount';
import { formatCount, formatDate } from '../../../shared/format';
import { FollowButton } from '../../social/components/FollowButton';
import { VideoTile } from '../../videos/components/VideoTile';
import { ReportControl } from '../../moderation/components/ReportControl';
import { channelTarget } from '../../moderation/targets';
import type { ChannelDto, ChannelSort, ChannelTab } from '../ChannelsStore';
import { reelPath } from '../../../shared/paths';

/** A colour band from the handle, for a channel without a banner image: each gets its own gradient, never a photo it did not choose. */
function bannerGradient(handle: string): string {
  let h = 0;
  for (const ch of handle) h = (h * 31 + ch.charCodeAt(0)) % 360;
  return `linear-gradient(120deg, hsl(${h} 55% 38%), hsl(${(h + 50) % 360} 60% 52%))`;
}

const BANNER_STYLE = { borderRadius: 'var(--mantine-radius-lg)', width: '100%', aspectRatio: '4 / 1', maxHeight: 200, display: 'block' } as const;

/**
 * The channel's banner: its image (the phone-sized copy on narrow screens), or the colour band when it has none or
 * the image cannot be shown.
 */
function ChannelBanner({ channel }: { channel: ChannelDto }) {
  const [failed, setFailed] = useState<string | null>(null);
  const url = channel.banner_url;
  if (!url || failed === url) {
    return <Box style={{ ...BANNER_STYLE, background: bannerGradient(channel.handle) }} data-testid="channel-banner-fallback" aria-hidden />;
  }
  return (
    <Box
      component="img"
      src={url}
      srcSet={channel.banner_small_url ? `${channel.banner_small_url} 1024w, ${url} 2048w` : undefined}
      sizes="(max-width: 62em) 100vw, 1200px"
      alt={`Banner of ${channel.display_name}`}
      onError={() => setFailed(url)}
      style={{ ...BANNER_STYLE, objectFit: 'cover' }}
    />
  );
}

/** A link the channel shows, only when it is http or https (the server allows nothing else; this holds it here too). */
const safeLinks = (links: ChannelDto['links']) => links.filter((link) => /^https?:\/\//i.test(link.url));

const LINK_REL = 'noopener noreferrer nofollow ugc';

/** The channel's links under its name. */
function HeaderLinks({ channel }: { channel: ChannelDto }) {
  const links = safeLinks(channel.links);
  if (links.length === 0) return null;
  return (
    <Group gap="md" component="nav" aria-label="Channel links" wrap="wrap">
      {links.map((link, index) => (
        <Anchor key={index} href={link.url} target="_blank" rel={LINK_REL} size="sm" fw={500}>
          {link.label}
        </Anchor>
      ))}
    </Group>
  );
}

const TabList = observer(function TabList({ handle, tab }: { handle: string; tab: ChannelTab }) {
  const { channels } = useStores();
  const page = channels.page(handle);
  const list = tab === 'videos' ? page.videos : page.shorts;
  useEffect(() => {
    if (list.status === 'idle') void list.load({ limit: 24 });
  }, [list]);

  if (list.status === 'loading' && list.items.length === 0) {
    return (
      <Center py="xl">
        <Loader role="status" aria-label={tab === 'videos' ? 'Loading videos' : 'Loading shorts'} />
      </Center>
    );
  }
  if (list.status === 'error' && list.items.length === 0) {
    return (
      <Stack align="center" py="xl" gap="sm">
        <Text c="dimmed">This list could not be loaded.</Text>
        <Button variant="default" onClick={() => void list.load({ limit: 24 })}>
          Try again
        </Button>
      </Stack>
    );
  }
  if (list.items.length === 0) {
    return (
      <Text c="dimmed" py="xl" ta="center">
        {tab === 'videos' ? 'This channel has no videos yet.' : 'This channel has no shorts yet.'}
      </Text>
    );
  }
  return (
    <Stack gap="lg">
      {tab === 'videos' ? (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 4 }} spacing="lg" verticalSpacing="xl" role="list" aria-label="Videos">
          {page.videos.items.map((video) => (
            <div key={video.id} role="listitem">
              <VideoTile video={video} showChannel={false} />
            </div>
          ))}
        </SimpleGrid>
      ) : (
        <SimpleGrid cols={{ base: 2, sm: 3, md: 4, xl: 6 }} spacing="md" verticalSpacing="lg" role="list" aria-label="Shorts">
          {page.shorts.items.map((reel) => (
            <div key={reel.id} role="listitem">
              <VideoTile video={reel} showChannel={false} vertical href={reelPath(reel.id)} />
            </div>
          ))}
        </SimpleGrid>
      )}
      {list.nextCursor && (
        <Group justify="center">
          <Button variant="default" loading={list.status === 'loading'} onClick={() => void list.loadMore({ limit: 24 })}>
            Show more
          </Button>
        </Group>
      )}
    </Stack>
  );
});

function About({ channel }: { channel: ChannelDto }) {
  const links = safeLinks(channel.links);
  return (
    <Stack gap="sm" maw={720}>
      {channel.bio ? <Text style={{ whiteSpace: 'pre-wrap' }}>{channel.bio}</Text> : <Text c="dimmed">This channel has not written about itself yet.</Text>}
      {links.length > 0 && (
        <Stack gap={4}>
          <Title order={2} size="h5">
            Links
          </Title>
          <Stack gap={2} component="ul" aria-label="Links" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {links.map((link, index) => (
              <li key={index}>
                <Text size="sm" span>
                  {link.label}:{' '}
                </Text>
                <Anchor href={link.url} target="_blank" rel={LINK_REL} size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {link.url}
                </Anchor>
              </li>
            ))}
          </Stack>
        </Stack>
      )}
      {channel.website && (
        <Text size="sm">
          Website:{' '}
          <Anchor href={channel.website} target="_blank" rel="noopener noreferrer nofollow ugc">
            {channel.website}
          </Anchor>
        </Text>
      )}
      {channel.location && <Text size="sm">Location: {channel.location}</Text>}
      <Text size="sm">Joined {formatDate(channel.created_at)}</Text>
      <Text size="sm">{channel.total_views.toLocaleString('en-US')} views</Text>
    </Stack>
  );
}

/**
 * A channel's page (`/c/:handle`): its banner and avatar, name, handle, bio, links and follower count with Follow and
 * Report (someone else's channel), and the tabs Videos, Shorts and About (no Shorts while the `reels` feature is off).
 * A private or unknown channel says it is not available.
 */
export const ChannelView = observer(function ChannelView({ handle }: { handle: string }) {
  const { channels, features } = useStores();
  const { signedIn, requireAccount } = useRequireAccount();
  const [chosen, setTab] = useState<string>('videos');
  const reelsOn = features.isEnabled('reels');
  // Shorts open when the feature was switched off goes back to Videos.
  const tab = chosen === 'shorts' && !reelsOn ? 'videos' : chosen;
  const channel = channels.byHandle(handle);
  const status = channels.status(handle);
  const page = channels.page(handle);

  useEffect(() => {
    void channels.load(handle);
  }, [handle, channels]);

  useEffect(() => {
    if (channel) document.title = `${channel.display_name} · Scriven`;
  }, [channel]);

  if (!channel) {
    if (status === 'loading') {
      return (
        <Center py="xl" role="status" aria-label="Loading the channel">
          <Loader />
        </Center>
      );
    }
    return (
      <Stack align="center" py="xl" gap="sm">
        <Title order={1} size="h3">
          {status === 'missing' ? 'This channel is not available' : 'The channel could not be loaded'}
        </Title>
        {status === 'error' && (
          <Button variant="default" onClick={() => void channels.load(handle)}>
            Try again
          </Button>
        )}
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <ChannelBanner key={channel.handle} channel={channel} />
      <Group gap="lg" wrap="nowrap" align="center">
        <Avatar src={channel.avatar_url} name={channel.display_name} color="initials" size={96} radius={96} alt={channel.display_name} />
        <Stack gap={4} miw={0} style={{ flex: 1 }}>
          <Title order={1} size="h2">
            {channel.display_name}
          </Title>
          <Text size="sm" c="dimmed">
            @{channel.handle} · {formatCount(channel.follower_count)} {channel.follower_count === 1 ? 'follower' : 'followers'} · {channel.video_count}{' '}
            {channel.video_count === 1 ? 'video' : 'videos'}
          </Text>
          {channel.bio && (
            <Text size="sm" lineClamp={2}>
              {channel.bio}
            </Text>
          )}
          <HeaderLinks channel={channel} />
          <Group mt={6} gap="xs">
            {channel.is_own ? null : signedIn ? (
              <FollowButton userId={channel.user_id} following={channel.is_following} username={channel.display_name} size="sm" />
            ) : (
              <Button size="sm" onClick={() => requireAccount(() => undefined)}>
                Follow
              </Button>
            )}
            <ReportControl size="sm" own={channel.is_own} target={() => channelTarget(channel)} />
          </Group>
        </Stack>
      </Group>
      <Tabs value={tab} onChange={(value) => value && setTab(value)} keepMounted={false}>
        <Group justify="space-between" wrap="wrap">
          <Tabs.List>
            <Tabs.Tab value="videos">Videos</Tabs.Tab>
            {reelsOn && <Tabs.Tab value="shorts">Shorts</Tabs.Tab>}
            <Tabs.Tab value="about">About</Tabs.Tab>
          </Tabs.List>
          {tab !== 'about' && (
            <SegmentedControl
              size="xs"
              aria-label="Sort"
              value={page.sort}
              onChange={(value) => page.setSort(value as ChannelSort)}
              data={[
                { value: 'newest', label: 'Latest' },
                { value: 'popular', label: 'Popular' },
              ]}
            />
          )}
        </Group>
        <Tabs.Panel value="videos" pt="lg">
          <TabList handle={handle} tab="videos" />
        </Tabs.Panel>
        {reelsOn && (
          <Tabs.Panel value="shorts" pt="lg">
            <TabList handle={handle} tab="shorts" />
          </Tabs.Panel>
        )}
        <Tabs.Panel value="about" pt="lg">
          <About channel={channel} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
});
