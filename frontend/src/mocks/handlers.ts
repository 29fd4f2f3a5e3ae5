import { authHandlers } from '../features/auth/mocks';
import { adminHandlers } from '../features/admin/mocks';
import { accountsHandlers } from '../features/accounts/mocks';
import { appTokensHandlers } from '../features/accounts/appTokensMocks';
import { feedbackHandlers } from '../features/feedback/mocks';
import { videosHandlers } from '../features/videos/mocks';
import { uploadsHandlers } from '../features/uploads/mocks';
import { reelsHandlers } from '../features/reels/mocks';
import { moviesHandlers } from '../features/movies/mocks';
import { musicHandlers } from '../features/music/mocks';
import { podcastsHandlers } from '../features/podcasts/mocks';
import { socialHandlers } from '../features/social/mocks';
import { notificationsHandlers } from '../features/notifications/mocks';
import { searchHandlers } from '../features/search/mocks';
import { paymentsHandlers } from '../features/payments/mocks';
import { membershipsHandlers } from '../features/memberships/mocks';
import { earningsHandlers } from '../features/earnings/mocks';
import { partnerHandlers } from '../features/partner/mocks';
import { ownerHandlers } from '../features/owner/mocks';
import { channelsHandlers } from '../features/channels/mocks';
import { commentsHandlers } from '../features/comments/mocks';
import { homeHandlers } from '../features/home/mocks';
import { moderationHandlers } from '../features/moderation/mocks';
import { featuresHandlers } from '../features/features/mocks';
import { featureFlagHandlers } from '../features/admin/featureMocks';
import { opsHandlers } from '../features/admin/opsMocks';
import { servicesHandlers } from '../features/admin/servicesMocks';
import { liveHandlers } from '../features/live/mocks';
import { studioHandlers } from '../features/live/studio/mocks';
import { gamingHandlers } from '../features/gaming/mocks';
import { tournamentsHandlers } from '../features/gaming/tournaments/mocks';
import { communityHandlers } from '../features/gaming/community/mocks';
import { brandingHandlers } from '../features/branding/mocks';
import { founderHandlers } from '../features/founder/mocks';
import { editorHandlers } from '../features/editor/mocks';

/** Every feature's handlers: the whole API as the mock server answers it. */
export const handlers = [
  ...authHandlers,
  ...adminHandlers,
  ...accountsHandlers,
  ...appTokensHandlers,
  ...feedbackHandlers,
  ...uploadsHandlers,
  ...videosHandlers,
  ...reelsHandlers,
  ...moviesHandlers,
  ...musicHandlers,
  ...podcastsHandlers,
  ...socialHandlers,
  ...notificationsHandlers,
  ...searchHandlers,
  ...earningsHandlers,
  ...partnerHandlers,
  ...ownerHandlers,
  ...paymentsHandlers,
  ...membershipsHandlers,
  ...channelsHandlers,
  ...commentsHandlers,
  ...homeHandlers,
  ...moderationHandlers,
  ...featuresHandlers,
  ...featureFlagHandlers,
  ...opsHandlers,
  ...servicesHandlers,
  ...liveHandlers,
  ...studioHandlers,
  ...gamingHandlers,
  ...tournamentsHandlers,
  ...communityHandlers,
  ...brandingHandlers,
  ...founderHandlers,
  ...editorHandlers,
];
