import { useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';
import { observer } from 'mobx-react-lite';
import { useLocation, useNavigate } from 'react-router-dom';
import { ActionIcon, Box, Button, Center, Group, Loader, Modal, Stack, Text, Title, Tooltip, VisuallyHidden } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { useStores } from '../../../stores/StoreProvider';
import { formatCount } from '../../../shared/format';
import {
  ArrowLeftIcon,
  ChevronDownIcon,
  ChevronUpIcon,
  CommentIcon,
  FlagIcon,
  HeartIcon,
  MutedIcon,
  PauseIcon,
  PlayIcon,
  ShareIcon,
  VolumeIcon,
} from '../../../shared/icons';
import { MediaPending, SampleBadge } from '../../media/components/MediaStatus';
import { VideoPlayer } from '../../media/components/VideoPlayer';
import { FollowButton } from '../../social/components/FollowButton';
import { useReport } from '../../moderation/components/ReportControl';
import { reelTarget } from '../../moderation/targets';
import { REEL_MESSAGES, shownHashtags } from '../messages';
import type { Reel } from '../types';
import { CommentsPanel } from './CommentsPanel';
import { ReelArt } from './ReelArt';

/** A wheel or swipe pages once per gesture: further events within this time are ignored. */
const PAGE_COOLDOWN_MS = 450;
const SWIPE_PX = 50;

function isKeyboardFocusedButton(target: EventTarget | null): boolean {
  const button = target instanceof HTMLElement ? target.closest('button') : null;
  if (!button) return false;
  try {
    return button.matches(':focus-visible');
  } catch {
    return false;
  }
}

/** A round button on the viewer's side; when disabled, the reason is its description and its tooltip. */
function SideButton({
  label,
  icon,
  count,
  onClick,
  disabledReason,
  pressed,
  loading,
}: {
  label: string;
  icon: ReactNode;
  count?: string;
  onClick: () => void;
  disabledReason?: string | null;
  pressed?: boolean;
  loading?: boolean;
}) {
  const reasonId = useId();
  const button = (
    <ActionIcon
      size="xl"
      radius="xl"
      variant="filled"
      color={pressed ? 'red' : 'dark'}
      aria-label={label}
      aria-pressed={pressed}
      aria-describedby={disabledReason ? reasonId : undefined}
      disabled={Boolean(disabledReason)}
      loading={loading}
      onClick={onClick}
    >
      {icon}
    </ActionIcon>
  );
  return (
    <Stack gap={2} align="center">
      {disabledReason ? (
        <Tooltip label={disabledReason} position="left" withArrow>
          <span>{button}</span>
        </Tooltip>
      ) : (
        button
      )}
      {disabledReason && <VisuallyHidden id={reasonId}>{disabledReason}</VisuallyHidden>}
      {count !== undefined && (
        <Text size="xs" c="white" fw={600}>
          {count}
        </Text>
      )}
    </Stack>
  );
}

/** The player of the current reel: its video (muted at first, looping), or what stands in for it. */
const ReelStage = observer(function ReelStage({ reel, video }: { reel: Reel; video: RefObject<HTMLVideoElement | null> }) {
  const { reels } = useStores();

  useEffect(() => {
    const element = video.current;
    if (!element) return;
    // Only a refusal (autoplay blocked) shows the reel as paused; a play interrupted by loading is not one.
    if (reels.playing) {
      element.play()?.catch((error: unknown) => {
        if (error instanceof DOMException && error.name === 'NotAllowedError') reels.setPlaying(false);
      });
    }
    else element.pause();
  }, [reels, reels.playing, reel.id, video]);

  if (reel.sample) return <ReelArt reel={reel} />;
  if (reel.status !== 'ready') return <MediaPending status={reel.status} failureReason={reel.failure_reason} />;
  return (
    <Box h="100%" onClick={reels.togglePlay}>
      <VideoPlayer
        key={reel.id}
        ref={video}
        src={reel.stream_url}
        poster={reel.thumbnail_url}
        label={reel.title}
        controls={false}
        muted={reels.muted}
        loop
        autoPlay
        style={{ objectFit: 'cover' }}
        onFirstPlay={() => void reels.recordView(reel)}
        // A reel paged away from still reports its pause once it is gone: only the current reel's player counts.
        onPlayingChange={(playing) => {
          if (reels.current?.id === reel.id) reels.setPlaying(playing);
        }}
      />
    </Box>
  );
});

/**
 * Follow for the current reel's owner (seed 002 §2.6): not on samples (no owner), on the viewer's own reels or for a
 * visitor. Whether the viewer already follows them is asked for first, so the button says the right thing.
 */
const ReelOwnerFollow = observer(function ReelOwnerFollow({ reel }: { reel: Reel }) {
  const { social } = useStores();
  const ownerId = reel.sample || reel.is_owner ? '' : reel.owner.user_id;

  useEffect(() => {
    if (ownerId) void social.lookUpFollowState(ownerId);
  }, [social, ownerId]);

  if (!ownerId || !social.canFollow(ownerId) || !social.followStateKnown(ownerId)) return null;
  return (
    <Box style={{ pointerEvents: 'auto' }}>
      <FollowButton userId={ownerId} following={false} username={reel.username} size="compact-xs" />
    </Box>
  );
});

/**
 * What the viewer shows for a shared link while its reel is read, or when it cannot be shown: not available (404),
 * with a way back (to Shorts for a signed-in user, to the home page for a visitor), or not loaded, with Try again.
 */
const LinkedReelState = observer(function LinkedReelState({ onBack }: { onBack: () => void }) {
  const { auth, reels } = useStores();
  const id = reels.linkedId;

  if (reels.linkedStatus === 'loading') {
    return (
      <Center h="100%" role="status" aria-label="Loading reel">
        <Loader color="gray" />
      </Center>
    );
  }
  const missing = reels.linkedStatus === 'missing';
  return (
    <Center h="100%" p="md">
      <Stack align="center" gap="sm" maw={420} ta="center" c="white">
        <Title order={2} size="h3">
          {missing ? REEL_MESSAGES.unavailable : REEL_MESSAGES.linkLoadFailed}
        </Title>
        <Text c="gray.4">{missing ? REEL_MESSAGES.unavailableHint : REEL_MESSAGES.linkLoadFailedHint}</Text>
        <Group gap="sm" justify="center">
          {!missing && id && (
            <Button variant="white" color="dark" onClick={() => void reels.openById(id)}>
              Try again
            </Button>
          )}
          <Button variant={missing ? 'white' : 'default'} color={missing ? 'dark' : undefined} onClick={onBack}>
            {auth.user ? 'Browse Shorts' : 'Go to the home page'}
          </Button>
        </Group>
      </Stack>
    </Center>
  );
});

/**
 * The full-screen reels viewer (seed 002 §2.6, §4): vertical paging (buttons, ArrowUp/k, ArrowDown/j, wheel, swipe),
 * space for play/pause, mute (starts muted, each time the viewer opens), like with the server's answer, comments, share,
 * report (someone else's reel, at where it is playing), follow the owner and back. Samples are marked, show no like count, have nothing to play, pause or unmute, and cannot
 * be liked, commented on, shared or followed.
 */
export const ReelsViewer = observer(function ReelsViewer() {
  const { auth, reels, moderation } = useStores();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const report = useReport();
  const stage = useRef<HTMLVideoElement>(null);
  const lastPage = useRef(0);
  const touchStart = useRef<number | null>(null);
  const reel = reels.current;
  const signedIn = auth.user !== null;

  const close = () => {
    reels.closeViewer();
    if (pathname.startsWith('/reels/')) navigate('/');
  };

  const page = (direction: 1 | -1) => {
    const now = Date.now();
    if (now - lastPage.current < PAGE_COOLDOWN_MS) return;
    lastPage.current = now;
    if (direction > 0) reels.next();
    else reels.previous();
  };

  // Keys page and play while the viewer is open (not while typing in a field, which useHotkeys leaves alone), except
  // on a shared link still being read, or not available: no reel to page through or play; nor while the Report dialog
  // is open over it.
  const viewerKey = (run: () => void) => (event: KeyboardEvent) => {
    if (!reels.viewerOpen || reels.linkPending || moderation.report.opened) return;
    event.preventDefault();
    run();
  };
  const previousKey = viewerKey(reels.previous);
  const nextKey = viewerKey(reels.next);
  const noDefault = { preventDefault: false };
  useHotkeys([
    ['ArrowUp', previousKey, noDefault],
    ['k', previousKey, noDefault],
    ['ArrowDown', nextKey, noDefault],
    ['j', nextKey, noDefault],
    [
      'space',
      (event) => {
        // A button reached with the keyboard keeps its own Space; after a click, Space is play/pause again.
        if (isKeyboardFocusedButton(event.target)) return;
        // A sample has no video: Space does nothing there.
        viewerKey(() => {
          if (!reels.current?.sample) reels.togglePlay();
        })(event);
      },
      noDefault,
    ],
  ]);

  const likeReason = reel?.sample ? REEL_MESSAGES.sampleLike : !signedIn ? REEL_MESSAGES.signInToLike : null;

  return (
    <Modal.Root opened={reels.viewerOpen} onClose={close} fullScreen closeOnEscape={!reels.commentsOpen && !moderation.report.opened}>
      <Modal.Overlay />
      <Modal.Content aria-label="Reels viewer" bg="black">
        <Modal.Body p={0} h="100dvh">
          <Box
            h="100dvh"
            pos="relative"
            // The viewer takes the focus when it opens, so Space plays and pauses rather than pressing a button.
            tabIndex={-1}
            data-autofocus
            style={{ outline: 'none' }}
            onWheel={(event) => {
              if (Math.abs(event.deltaY) > 30) page(event.deltaY > 0 ? 1 : -1);
            }}
            onTouchStart={(event) => {
              touchStart.current = event.touches[0]?.clientY ?? null;
            }}
            onTouchEnd={(event) => {
              const start = touchStart.current;
              const end = event.changedTouches[0]?.clientY;
              touchStart.current = null;
              if (start !== null && end !== undefined && Math.abs(start - end) > SWIPE_PX) page(start > end ? 1 : -1);
            }}
          >
            <ActionIcon
              pos="absolute"
              top={16}
              left={16}
              size="lg"
              radius="xl"
              variant="filled"
              color="dark"
              aria-label="Back"
              onClick={close}
              style={{ zIndex: 2 }}
            >
              <ArrowLeftIcon />
            </ActionIcon>

            {/* Nothing shows while the viewer fades out: the state it closed from is already gone (a reel shown then
                would start playing and count a view). */}
            {!reels.viewerOpen ? null : reels.linkPending ? (
              <LinkedReelState onBack={close} />
            ) : !reel ? (
              <Center h="100%">
                <Text c="white" size="lg">
                  {REEL_MESSAGES.noReels}
                </Text>
              </Center>
            ) : (
              <Center h="100%">
                <Box
                  pos="relative"
                  h="100%"
                  style={{ aspectRatio: '9 / 16', maxWidth: '100%' }}
                  role="group"
                  aria-roledescription="reel"
                  aria-label={`${reel.title}, ${reels.index + 1} of ${reels.shown.length}`}
                >
                  <ReelStage reel={reel} video={stage} />

                  <Stack
                    pos="absolute"
                    bottom={0}
                    left={0}
                    right={72}
                    p="md"
                    gap={4}
                    c="white"
                    style={{ background: 'linear-gradient(transparent, rgba(0,0,0,0.7))', pointerEvents: 'none' }}
                  >
                    <Group gap="xs">
                      <Text fw={700}>@{reel.username}</Text>
                      {reel.sample && <SampleBadge what="reel" />}
                      <ReelOwnerFollow reel={reel} />
                    </Group>
                    <Text fw={600}>{reel.title}</Text>
                    {reel.description && (
                      <Text size="sm" lineClamp={3}>
                        {reel.description}
                      </Text>
                    )}
                    {reel.tags.length > 0 && (
                      <Group gap={6} aria-label="Hashtags">
                        {shownHashtags(reel.tags).map((tag) => (
                          <Text key={tag} size="sm" fw={600} c="indigo.2">
                            {tag}
                          </Text>
                        ))}
                      </Group>
                    )}
                  </Stack>

                  <Stack pos="absolute" right={12} bottom={96} gap="md" align="center" style={{ zIndex: 2 }}>
                    <SideButton
                      label="Like"
                      icon={<HeartIcon filled={reel.liked} />}
                      count={reel.sample ? undefined : formatCount(reel.likes)}
                      pressed={reel.liked}
                      loading={reels.likePending.has(reel.id)}
                      disabledReason={likeReason}
                      onClick={() => void reels.like(reel)}
                    />
                    <SideButton
                      label="Comments"
                      icon={<CommentIcon />}
                      count={formatCount(reel.comments)}
                      disabledReason={reel.sample ? REEL_MESSAGES.sampleComments : null}
                      onClick={reels.commentsOpen ? reels.closeComments : reels.openComments}
                    />
                    <SideButton
                      label="Share"
                      icon={<ShareIcon />}
                      disabledReason={reel.sample ? REEL_MESSAGES.sampleShare : null}
                      onClick={() => void reels.share(reel)}
                    />
                    {!reel.sample && !reel.is_owner && (
                      <SideButton label="Report" icon={<FlagIcon />} onClick={() => report(() => reelTarget(reel, stage.current))} />
                    )}
                    <SideButton
                      label={reels.muted ? 'Unmute' : 'Mute'}
                      icon={reels.muted ? <MutedIcon /> : <VolumeIcon />}
                      disabledReason={reel.sample ? REEL_MESSAGES.sampleSound : null}
                      onClick={reels.toggleMute}
                    />
                    {/* A sample never plays: its button offers Play, which it cannot do, rather than Pause. */}
                    <SideButton
                      label={reels.playing && !reel.sample ? 'Pause' : 'Play'}
                      icon={reels.playing && !reel.sample ? <PauseIcon /> : <PlayIcon />}
                      disabledReason={reel.sample ? REEL_MESSAGES.samplePlay : null}
                      onClick={reels.togglePlay}
                    />
                  </Stack>
                </Box>
              </Center>
            )}

            <Stack pos="absolute" right={16} top="50%" gap="xs" style={{ transform: 'translateY(-50%)', zIndex: 2 }} visibleFrom="sm">
              <ActionIcon
                size="lg"
                radius="xl"
                variant="filled"
                color="dark"
                aria-label="Previous reel"
                disabled={reels.linkPending || reels.index === 0}
                onClick={reels.previous}
              >
                <ChevronUpIcon />
              </ActionIcon>
              <ActionIcon
                size="lg"
                radius="xl"
                variant="filled"
                color="dark"
                aria-label="Next reel"
                disabled={reels.linkPending || reels.index >= reels.shown.length - 1}
                onClick={reels.next}
              >
                <ChevronDownIcon />
              </ActionIcon>
            </Stack>

            {reel && reels.commentsOpen && !reel.sample && !reels.linkPending && <CommentsPanel reel={reel} />}
          </Box>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
});
