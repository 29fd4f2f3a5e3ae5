import { createApiClient, type ApiClient } from '../api/client';
import { mantineNotifier, type Notifier } from '../shared/notifier';
import { AuthStore } from '../features/auth/AuthStore';
import { ConsentStore } from '../features/auth/ConsentStore';
import { AdminStore } from '../features/admin/AdminStore';
import { AccountsStore } from '../features/accounts/AccountsStore';
import { FeedbackStore } from '../features/feedback/FeedbackStore';
import { VideosStore } from '../features/videos/VideosStore';
import { UploadStore } from '../features/uploads/UploadStore';
import { ReelsStore } from '../features/reels/ReelsStore';
import { MoviesStore } from '../features/movies/MoviesStore';
import { UiStore } from './UiStore';

export interface RootStoreOptions {
  /** Another client (for example one pointed at another host); by default the app's own. */
  api?: ApiClient;
  /** Where toasts go; Mantine notifications by default. */
  notify?: Notifier;
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

  constructor({ api, notify }: RootStoreOptions = {}) {
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
  }

  /** Stops timers (tests, hot reload). */
  dispose(): void {
    this.auth.dispose();
    this.admin.dispose();
    this.upload.dispose();
  }
}
