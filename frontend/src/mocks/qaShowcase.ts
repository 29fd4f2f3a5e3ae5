import { commentId, commentsDb } from './commentsDb';
import { createMockUser, findUserByIdentifier, mockDb } from './db';
import { demoArt, DEMO_CLIPS, mediaDb, mediaId, type MockVideo } from './mediaDb';
import { liveDb, liveId } from './liveDb';

const HOUR = 3_600_000;
const ago = (hours: number) => new Date(Date.now() - hours * HOUR).toISOString();

/**
 * QA mode only (a fresh tab): a few more of mira's videos, so that a watch page has an Up next list and a channel
 * page a full Videos tab, with a description whose timestamps and link can be clicked; and an ended live stream of
 * ada's whose recording is her Analytical Engine video (the watch view's ended state, at its /live/:id). The tests'
 * demo data stays as it is (their lists count its videos).
 */
export function addQaShowcase(): void {
  const mira = findUserByIdentifier('mira');
  const accountId = mira?.user.active_account_id;
  if (!mira || !accountId || !mockDb.accounts.has(accountId)) return;
  if (mediaDb.videos.some((video) => video.title === 'Harbour at dusk')) return;

  const video = (title: string, hue: number, fields: Partial<MockVideo>): MockVideo => ({
    id: mediaId('video'),
    userId: mira.user.id,
    accountId,
    created_at: ago(24),
    title,
    description: null,
    is_vertical: false,
    monetization_enabled: false,
    views: 0,
    baseLikes: 0,
    likedBy: [],
    ad_revenue: 0,
    status: 'ready',
    failure_reason: null,
    pending: null,
    duration_seconds: 4,
    width: 320,
    height: 180,
    thumbnail_url: demoArt(title, hue, 'wide'),
    stream_url: DEMO_CLIPS.horizontal,
    hls_url: null,
    ...fields,
  });

  const dusk = video('Harbour at dusk', 25, {
    description:
      'The boats come home as the lights go on.\n\n0:01 the first boat\n0:03 the lighthouse\n\nMore of the harbour: https://example.com/harbour',
    views: 860,
    baseLikes: 64,
    created_at: ago(50),
  });
  mediaDb.videos.push(
    dusk,
    video('Morning market walk', 120, { description: 'Coffee, bread and the fish market at 7 am.', views: 2310, baseLikes: 190, created_at: ago(70) }),
    video('Rain on the quay', 190, { views: 415, baseLikes: 22, created_at: ago(96) }),
  );
  const ada = findUserByIdentifier('ada');
  const adaAccount = ada?.user.active_account_id ? mockDb.accounts.get(ada.user.active_account_id) : undefined;
  commentsDb.comments.push(
    {
      id: commentId(),
      kind: 'video',
      mediaId: dusk.id,
      parentId: null,
      userId: null,
      accountId: null,
      username: 'sam_sails',
      content: 'That lighthouse shot at 0:03!',
      created_at: ago(40),
      edited_at: null,
      baseLikes: 4,
      likedBy: [],
    },
    ...(ada && adaAccount
      ? [
          {
            id: commentId(),
            kind: 'video' as const,
            mediaId: dusk.id,
            parentId: null,
            userId: ada.user.id,
            accountId: adaAccount.account.id,
            username: adaAccount.account.handle,
            content: 'So calm. I watched it twice.',
            created_at: ago(30),
            edited_at: null,
            baseLikes: 1,
            likedBy: [],
          },
        ]
      : []),
  );
  addEndedLiveStream();
  addGamingStreams();
}

/** Ada's stream of yesterday, ended, whose recording became a video: `/live/<id>` shows the ended state with its link. */
function addEndedLiveStream(): void {
  const ada = findUserByIdentifier('ada');
  const recording = mediaDb.videos.find((video) => video.title === 'Notes on the Analytical Engine');
  if (!ada || !recording || liveDb.streams.some((s) => s.title === 'Live: building a difference engine')) return;
  liveDb.streams.push({
    id: liveId('live'),
    userId: ada.user.id,
    title: 'Live: building a difference engine',
    description: 'Gears, cams and a lot of patience.',
    is_vertical: false,
    super_chat_enabled: true,
    record: true,
    status: 'ended',
    likedBy: [],
    slow_mode_seconds: 0,
    created_at: ago(26),
    live_at: ago(26),
    ended_at: ago(25),
    recording_video_id: recording.id,
    game: null,
    baseViewers: 0,
  });
}

/**
 * The Gaming section's Streams tab and Top Streamers: pia is live playing Celeste (with a Super Chat paid), and ran a
 * Rocket League stream yesterday.
 */
function addGamingStreams(): void {
  if (liveDb.streams.some((s) => s.title === 'Celeste any% — chasing a sub-30')) return;
  const pia = findUserByIdentifier('pia@example.com') ?? createMockUser({ display_name: 'pixel_pia', first_name: 'Pia', last_name: 'Novak', email: 'pia@example.com' }, 'password123', 'active');
  const base = {
    userId: pia.user.id,
    is_vertical: false,
    super_chat_enabled: true,
    record: false,
    likedBy: [],
    slow_mode_seconds: 0,
    recording_video_id: null,
  };
  const live = { ...base, id: liveId('live'), title: 'Celeste any% — chasing a sub-30', description: 'Speedrun practice: chapter 7 all night. Tips welcome!', status: 'live' as const, created_at: ago(1), live_at: ago(1), ended_at: null, game: 'Celeste', baseViewers: 128 };
  const ended = { ...base, id: liveId('live'), title: 'Rocket League ranked grind', description: 'Diamond or bust.', status: 'ended' as const, created_at: ago(27), live_at: ago(27), ended_at: ago(25), game: 'Rocket League', baseViewers: 64 };
  liveDb.streams.push(live, ended);
  liveDb.superChats.push({
    id: liveId('sc'),
    streamId: live.id,
    username: 'ada',
    amount: 9.99,
    message: 'That dash was clean!',
    color: 'red',
    package_id: 'large',
    user_id: findUserByIdentifier('ada')?.user.id ?? 'ada',
    created_at: ago(0.5),
    pinned_until: ago(0.4),
    paid: true,
    sessionId: 'cs_demo_pia',
  });
}
