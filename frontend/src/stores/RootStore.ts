import { createApiClient, type ApiClient } from '../api/client';
import { mantineNotifier, type Notifier } from '../shared/notifier';
import type { SocketFactory } from '../shared/realtime';
import { AuthStore } from '../features/auth/AuthStore';
import { ConsentStore } from '../features/auth/ConsentStore';
import { AdminStore } from '../features/admin/AdminStore';
import { AccountsStore } from '../features/accounts/AccountsStore';
import { FeedbackStore } from '../features/feedback/FeedbackStore';
import { VideosStore } from '../features/videos/VideosStore';
import { UploadStore } from '../features/uploads/UploadStore';
import { ReelsStore } from '../features/reels/ReelsStore';
import { MoviesStore } from '../features/movies/MoviesStore';
import { MusicStore } from '../features/music/MusicStore';
import { MusicPlayerStore } from '../features/music/MusicPlayerStore';
import { PodcastsStore } from '../features/podcasts/PodcastsStore';
import { PodcastPlayerStore } from '../features/podcasts/PodcastPlayerStore';
import { SocialStore } from '../features/social/SocialStore';
import { NotificationsStore } from '../features/notifications/NotificationsStore';
import { SearchStore } from '../features/search/SearchStore';
import { PaymentsStore } from '../features/payments/PaymentsStore';
import { MembershipsStore } from '../features/memberships/MembershipsStore';
import { EarningsStore } from '../features/earnings/EarningsStore';
import { PartnerStore } from '../features/partner/PartnerStore';
import { OwnerStore } from '../features/owner/OwnerStore';
import { ChannelsStore } from '../features/channels/ChannelsStore';
import { WatchStore } from '../features/watch/WatchStore';
import { HomeStore } from '../features/home/HomeStore';
import { CommentsStore } from '../features/comments/CommentsStore';
import { ModerationStore } from '../features/moderation/ModerationStore';
import { FeaturesStore } from '../features/features/FeaturesStore';
import { LiveStore } from '../features/live/LiveStore';
import { StudioStore } from '../features/live/studio/StudioStore';
import { GamingStore } from '../features/gaming/GamingStore';
import { TournamentsStore } from '../features/gaming/tournaments/TournamentsStore';
import { CommunityStore } from '../features/gaming/community/CommunityStore';
import { SportsStore } from '../features/sports/SportsStore';
import { AdsStore } from '../features/ads/AdsStore';
import { BrandingStore } from '../features/branding/BrandingStore';
import { EditorStore } from '../features/editor/EditorStore';
import { UiStore } from './UiStore';

export interface RootStoreOptions {
  /** Another client (for example one pointed at another host); by default the app's own. */
  api?: ApiClient;
  /** Where toasts go; Mantine notifications by default. */
  notify?: Notifier;
  /** Opens the realtime socket (notifications, live rooms); the browser's WebSocket by default. Tests pass a fake. */
  socketFactory?: SocketFactory;
}

/** Creates every store and hands itself to each, so stores reach each other and the client through it. */
export class RootStore {
  readonly api: ApiClient;
  readonly notify: Notifier;
  readonly ui: UiStore;
  readonly auth: AuthStore;
  readonly consent: ConsentStore;
  readonly admin: AdminStore;
  readonly accounts: AccountsStore;
  readonly feedback: FeedbackStore;
  readonly videos: VideosStore;
  readonly upload: UploadStore;
  readonly reels: ReelsStore;
  readonly movies: MoviesStore;
  readonly music: MusicStore;
  /** The music player (its bar shows while something is queued). */
  readonly musicPlayer: MusicPlayerStore;
  readonly podcasts: PodcastsStore;
  /** The podcast player (its bar shows once an episode is chosen). */
  readonly podcastPlayer: PodcastPlayerStore;
  readonly social: SocialStore;
  readonly notifications: NotificationsStore;
  readonly search: SearchStore;
  readonly earnings: EarningsStore;
  readonly partner: PartnerStore;
  readonly owner: OwnerStore;
  readonly payments: PaymentsStore;
  readonly memberships: MembershipsStore;
  readonly channels: ChannelsStore;
  readonly watch: WatchStore;
  readonly home: HomeStore;
  readonly comments: CommentsStore;
  readonly moderation: ModerationStore;
  readonly features: FeaturesStore;
  readonly live: LiveStore;
  readonly studio: StudioStore;
  readonly gaming: GamingStore;
  readonly tournaments: TournamentsStore;
  readonly community: CommunityStore;
  /** Sports (seed 002 §2.12): sample data only, nothing from the server. */
  readonly sports: SportsStore;
  readonly ads: AdsStore;
  /** The instance's name and logo (the header, the favicon). */
  readonly branding: BrandingStore;
  /** The editor studio (seed 002 §2.14): the video being edited, its draft with undo, previews and exports. */
  readonly editor: EditorStore;

  constructor({ api, notify, socketFactory }: RootStoreOptions = {}) {
    this.api = api ?? createApiClient({ getUserToken: () => this.auth.token });
    this.notify = notify ?? mantineNotifier;
    this.ui = new UiStore(this);
    this.auth = new AuthStore(this);
    this.consent = new ConsentStore(this);
    this.admin = new AdminStore(this);
    this.accounts = new AccountsStore(this);
    this.feedback = new FeedbackStore(this);
    this.videos = new VideosStore(this);
    this.upload = new UploadStore(this);
    this.reels = new ReelsStore(this);
    this.movies = new MoviesStore(this);
    this.music = new MusicStore(this);
    this.musicPlayer = new MusicPlayerStore(this);
    this.podcasts = new PodcastsStore(this);
    this.podcastPlayer = new PodcastPlayerStore(this);
    this.social = new SocialStore(this);
    this.notifications = new NotificationsStore(this, { socketFactory });
    this.search = new SearchStore(this);
    this.earnings = new EarningsStore(this);
    this.partner = new PartnerStore(this);
    this.owner = new OwnerStore(this);
    this.payments = new PaymentsStore(this);
    this.memberships = new MembershipsStore(this);
    this.channels = new ChannelsStore(this);
    this.watch = new WatchStore(this);
    this.home = new HomeStore(this);
    this.comments = new CommentsStore(this);
    this.moderation = new ModerationStore(this);
    this.features = new FeaturesStore(this);
    this.live = new LiveStore(this, { socketFactory });
    this.studio = new StudioStore(this);
    this.gaming = new GamingStore(this);
    this.tournaments = new TournamentsStore(this);
    this.community = new CommunityStore(this);
    this.sports = new SportsStore();
    this.ads = new AdsStore(this);
    this.branding = new BrandingStore(this);
    this.editor = new EditorStore(this);
  }

  /** Stops timers (tests, hot reload). */
  dispose(): void {
    this.auth.dispose();
    this.admin.dispose();
    this.upload.dispose();
    this.notifications.dispose();
    this.payments.dispose();
    this.live.dispose();
    this.studio.dispose();
    this.gaming.dispose();
    this.editor.dispose();
  }
}
