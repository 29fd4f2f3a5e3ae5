import { makeAutoObservable, runInAction } from 'mobx';
import type { RootStore } from '../../stores/RootStore';
import { errorDetail } from '../../shared/apiError';
import { postMultipartWithProgress } from '../../shared/xhrUpload';
import type { LoadStatus } from '../../shared/resource';
import { localPlaces } from './PodcastPlayerStore';
import {
  EPISODES_LIMIT,
  PODCAST_MESSAGES,
  TRENDING_SHOWN,
  episodeUploadProblems,
  wholeAtLeastOne,
  type EpisodeFieldErrors,
  type EpisodeUploadInput,
  type PodcastCategory,
} from './rules';
import type { ContinueItem, PodcastAnalytics, PodcastCategoryCount, PodcastEpisode, PodcastShow, PodcastShowDetail, PodcastTab } from './types';

/** How often a show holding one of the user's episodes still processing is read again. */
export const PODCAST_POLL_MS = 5000;
/** What a failed call says when the server gave no reason. */
const NO_DETAIL = 'Please try again';

export type EpisodeUploadResult = { ok: true; episode: PodcastEpisode } | { ok: false; fieldErrors: EpisodeFieldErrors };

/** The tabs a visitor has (the others need an account). */
const VISITOR_TABS: readonly PodcastTab[] = ['discover', 'shows'];

/**
 * The podcasts section (seed 002 §2.9, issue 14): Discover (Continue listening, Trending Now, the category buttons and
 * the episodes they filter), Shows (the grid and one show with its episodes, Subscribe and its RSS address), Upload,
 * Subscriptions and Analytics; likes and subscriptions. The player is `root.podcastPlayer`. Lists only log a failure
 * to read them (seed 002 §8) and say so in place.
 */
export class PodcastsStore {
  trending: PodcastEpisode[] = [];
  trendingStatus: LoadStatus = 'idle';
  categories: PodcastCategoryCount[] = [];
  /** The category button chosen; null: All Episodes. */
  category: string | null = null;
  episodes: PodcastEpisode[] = [];
  episodesStatus: LoadStatus = 'idle';
  private episodesTicket = 0;

  /** Continue listening: the server's places (signed in) or this browser's (a visitor), newest first. */
  continueItems: ContinueItem[] = [];

  shows: PodcastShow[] = [];
  showsStatus: LoadStatus = 'idle';
  /** The show opened in the Shows tab. */
  show: PodcastShowDetail | null = null;
  showStatus: 'idle' | 'loading' | 'ready' | 'missing' | 'error' = 'idle';
  private showId: string | null = null;
  subscribePending = false;

  subscriptions: { show_names: string[]; shows: PodcastShow[] } | null = null;
  subscriptionsStatus: LoadStatus = 'idle';

  analytics: PodcastAnalytics | null = null;
  analyticsStatus: LoadStatus = 'idle';

  /** Episodes whose like is being sent. */
  likePending = new Set<string>();
  uploadPending = false;
  uploadProgress = 0;

  constructor(readonly root: RootStore) {
    makeAutoObservable<this, 'episodesTicket' | 'showId'>(this, { root: false, episodesTicket: false, showId: false }, { autoBind: true });
  }

  get signedIn(): boolean {
    return this.root.auth.user !== null;
  }

  /** Creator-program users may switch on monetization (seed 002 §1, §5; the server refuses anyone else). */
  get canMonetize(): boolean {
    return this.root.auth.user?.creator_program ?? false;
  }

  /** The open tab (kept by the shell); a visitor is on Discover or Shows. */
  get tab(): PodcastTab {
    const tab = this.root.ui.tabOf<PodcastTab>('podcasts', 'discover');
    return this.signedIn || VISITOR_TABS.includes(tab) ? tab : 'discover';
  }

  setTab(tab: PodcastTab): void {
    this.root.ui.setTab('podcasts', tab);
  }

  /** Loads what the open tab shows. */
  async loadTab(): Promise<void> {
    switch (this.tab) {
      case 'discover':
        await Promise.all([this.loadTrending(), this.loadCategories(), this.loadEpisodes(), this.loadContinue()]);
        return;
      case 'shows':
        // A show being opened (openShow switches to this tab) is not read twice.
        if (this.showId) {
          if (this.showStatus !== 'loading') await this.openShow(this.showId);
        } else await this.loadShows();
        return;
      case 'subscriptions':
        return this.loadSubscriptions();
      case 'analytics':
        return this.loadAnalytics();
      default:
        return;
    }
  }

  /** While the section shows: an open show with one of the user's episodes still processing is read again until it is done. */
  watch(): () => void {
    const timer = setInterval(() => {
      const show = this.show;
      if (show && show.episodes.some((e) => e.is_owner && e.status === 'processing')) void this.openShow(show.id);
    }, PODCAST_POLL_MS);
    return () => clearInterval(timer);
  }

  // ---- Discover ----

  async loadTrending(): Promise<void> {
    if (this.trendingStatus !== 'ready') this.trendingStatus = 'loading';
    try {
      const { data, error } = await this.root.api.GET('/api/podcasts/trending');
      if (!data) throw error;
      runInAction(() => {
        this.trending = data.episodes.slice(0, TRENDING_SHOWN);
        this.trendingStatus = 'ready';
      });
    } catch (error) {
      console.error('Could not load trending episodes', error);
      runInAction(() => {
        if (this.trendingStatus !== 'ready') this.trendingStatus = 'error';
      });
    }
  }

  async loadCategories(): Promise<void> {
    try {
      const { data, error } = await this.root.api.GET('/api/podcasts/categories');
      if (!data) throw error;
      runInAction(() => (this.categories = data.categories));
    } catch (error) {
      console.error('Could not load podcast categories', error);
    }
  }

  /** The episode list of Discover, of the chosen category (GET /api/podcasts/episodes?category=). */
  async loadEpisodes(): Promise<void> {
    const ticket = ++this.episodesTicket;
    const category = this.category;
    if (this.episodesStatus !== 'ready') this.episodesStatus = 'loading';
    try {
      const { data, error } = await this.root.api.GET('/api/podcasts/episodes', {
        params: { query: { limit: String(EPISODES_LIMIT), ...(category ? { category: category as PodcastCategory } : {}) } },
      });
      if (!data) throw error;
      runInAction(() => {
        if (ticket !== this.episodesTicket) return;
        this.episodes = data.episodes;
        this.episodesStatus = 'ready';
      });
    } catch (error) {
      console.error('Could not load episodes', error);
      runInAction(() => {
        if (ticket === this.episodesTicket) this.episodesStatus = 'error';
      });
    }
  }

  setCategory(category: string | null): void {
    if (this.category === category) return;
    this.category = category;
    this.episodesStatus = 'loading';
    void this.loadEpisodes();
  }

  /** Continue listening: GET /api/podcasts/progress for a signed-in listener, this browser's places for a visitor. */
  async loadContinue(): Promise<void> {
    if (!this.signedIn) {
      this.continueItems = localPlaces();
      return;
    }
    try {
      const { data, error } = await this.root.api.GET('/api/podcasts/progress');
      if (!data) throw error;
      runInAction(() => (this.continueItems = data.items));
    } catch (error) {
      console.error('Could not load Continue listening', error);
    }
  }

  /** The player saved a place: Continue listening follows at once (`position` 0: finished or not started, it leaves). */
  noteProgress(episode: PodcastEpisode, position: number): void {
    const rest = this.continueItems.filter((item) => item.episode.id !== episode.id);
    this.continueItems = position >= 1 ? [{ episode, position_seconds: position, updated_at: new Date().toISOString() }, ...rest] : rest;
  }

  // ---- Shows ----

  async loadShows(): Promise<void> {
    if (this.showsStatus !== 'ready') this.showsStatus = 'loading';
    try {
      const { data, error } = await this.root.api.GET('/api/podcasts/shows');
      if (!data) throw error;
      runInAction(() => {
        this.shows = data.shows;
        this.showsStatus = 'ready';
      });
    } catch (error) {
      console.error('Could not load shows', error);
      runInAction(() => {
        if (this.showsStatus !== 'ready') this.showsStatus = 'error';
      });
    }
  }

  /** Opens one show (GET /api/podcasts/shows/{id}) in the Shows tab. */
  async openShow(id: string): Promise<void> {
    this.showId = id;
    if (this.show?.id !== id) {
      this.show = null;
      this.showStatus = 'loading';
    }
    if (this.tab !== 'shows') this.setTab('shows');
    let status: typeof this.showStatus = 'error';
    let show: PodcastShowDetail | undefined;
    try {
      const { data, response } = await this.root.api.GET('/api/podcasts/shows/{id}', { params: { path: { id } } });
      show = data;
      status = data ? 'ready' : response.status === 404 || response.status === 400 ? 'missing' : 'error';
    } catch (error) {
      console.error('Could not load the show', error);
      status = 'error';
    }
    runInAction(() => {
      if (this.showId !== id) return;
      if (show || !this.show) this.show = show ?? null;
      this.showStatus = show ? 'ready' : this.show ? 'ready' : status;
    });
  }

  /** Back from a show to the grid. */
  closeShow(): void {
    this.showId = null;
    this.show = null;
    this.showStatus = 'idle';
    void this.loadShows();
  }

  /**
   * Subscribes to (or unsubscribes from) a show by its name (POST /api/podcasts/subscribe, seed 002 §5): the server's
   * message is shown; a failure says 'Failed to subscribe'.
   */
  async toggleSubscription(showName: string): Promise<boolean> {
    if (this.subscribePending) return false;
    this.subscribePending = true;
    let result: { message: string; subscribed: boolean } | undefined;
    try {
      const { data } = await this.root.api.POST('/api/podcasts/subscribe', { body: { show_name: showName } });
      result = data;
    } catch {
      result = undefined;
    }
    runInAction(() => {
      this.subscribePending = false;
      if (!result) return;
      const subscribed = result.subscribed;
      const same = (name: string) => name.trim().toLowerCase() === showName.trim().toLowerCase();
      if (this.show && same(this.show.show_name)) this.show = { ...this.show, subscribed };
      if (this.subscriptions && !subscribed) {
        this.subscriptions = {
          show_names: this.subscriptions.show_names.filter((name) => !same(name)),
          shows: this.subscriptions.shows.filter((show) => !same(show.show_name)),
        };
      }
    });
    if (!result) {
      this.root.notify.error(PODCAST_MESSAGES.subscribeFailed, { action: 'podcasts.subscribe' });
      return false;
    }
    this.root.notify.success(result.message, { action: 'podcasts.subscribe' });
    return true;
  }

  // ---- Subscriptions and analytics ----

  async loadSubscriptions(): Promise<void> {
    if (!this.signedIn) return;
    if (this.subscriptionsStatus !== 'ready') this.subscriptionsStatus = 'loading';
    try {
      const { data, error } = await this.root.api.GET('/api/podcasts/subscriptions');
      if (!data) throw error;
      runInAction(() => {
        this.subscriptions = data;
        this.subscriptionsStatus = 'ready';
      });
    } catch (error) {
      console.error('Could not load subscriptions', error);
      runInAction(() => {
        if (this.subscriptionsStatus !== 'ready') this.subscriptionsStatus = 'error';
      });
    }
  }

  async loadAnalytics(): Promise<void> {
    if (!this.signedIn) return;
    if (this.analyticsStatus !== 'ready') this.analyticsStatus = 'loading';
    try {
      const { data, error } = await this.root.api.GET('/api/podcasts/analytics');
      if (!data) throw error;
      runInAction(() => {
        this.analytics = data;
        this.analyticsStatus = 'ready';
      });
    } catch (error) {
      console.error('Could not load podcast analytics', error);
      runInAction(() => {
        if (this.analyticsStatus !== 'ready') this.analyticsStatus = 'error';
      });
    }
  }

  // ---- Episodes: like, plays ----

  /** Replaces an episode's copy wherever it is listed (and in the player). */
  patchEpisode(id: string, change: Partial<PodcastEpisode>): void {
    const patch = (list: PodcastEpisode[]) => (list.some((e) => e.id === id) ? list.map((e) => (e.id === id ? { ...e, ...change } : e)) : list);
    this.trending = patch(this.trending);
    this.episodes = patch(this.episodes);
    if (this.show) this.show = { ...this.show, episodes: patch(this.show.episodes) };
    if (this.continueItems.some((item) => item.episode.id === id)) {
      this.continueItems = this.continueItems.map((item) => (item.episode.id === id ? { ...item, episode: { ...item.episode, ...change } } : item));
    }
    this.root.podcastPlayer.patch(id, change);
  }

  /** Likes or unlikes (POST /api/podcasts/episode/{id}/like); a failure says 'Failed to like episode'. */
  async toggleLike(id: string): Promise<void> {
    if (this.likePending.has(id)) return;
    this.likePending.add(id);
    let result: { liked: boolean; likes: number } | undefined;
    try {
      const { data } = await this.root.api.POST('/api/podcasts/episode/{id}/like', { params: { path: { id } } });
      result = data;
    } catch {
      result = undefined;
    }
    runInAction(() => {
      this.likePending.delete(id);
      if (result) this.patchEpisode(id, { liked: result.liked, likes: result.likes });
    });
    if (result) this.root.notify.clear(`podcasts.like:${id}`);
    else this.root.notify.error(PODCAST_MESSAGES.likeFailed, { action: `podcasts.like:${id}` });
  }

  /** Reports listening for play counts (POST /api/podcasts/episode/{id}/play); nothing is shown either way. */
  async reportListening(id: string, seconds: number): Promise<void> {
    try {
      const { data } = await this.root.api.POST('/api/podcasts/episode/{id}/play', { params: { path: { id } }, body: { seconds_listened: seconds } });
      if (data) {
        const plays = data.plays;
        runInAction(() => this.patchEpisode(id, { plays }));
      }
    } catch {
      // A lost report loses a few seconds of counting, nothing the listener can act on.
    }
  }

  // ---- Upload ----

  /**
   * Podcast upload (seed 002 §5): the form's checks first (shown under the fields), then the file with its progress.
   * A refusal says 'Upload failed: ' and the server's reason. Done, the new episode's show opens.
   */
  async upload(input: EpisodeUploadInput): Promise<EpisodeUploadResult> {
    const fieldErrors = episodeUploadProblems(input);
    if (Object.keys(fieldErrors).length || !input.file) return { ok: false, fieldErrors };
    const file = input.file;
    this.uploadPending = true;
    this.uploadProgress = 0;
    let episode: PodcastEpisode | undefined;
    let detail = NO_DETAIL;
    try {
      const outcome = await postMultipartWithProgress<PodcastEpisode>(
        '/api/podcasts/upload',
        {
          file: { blob: file, filename: file.name },
          title: input.title.trim(),
          description: input.description.trim() || undefined,
          show_name: input.showName.trim(),
          category: input.category,
          episode_number: String(wholeAtLeastOne(input.episodeNumber)),
          season_number: String(wholeAtLeastOne(input.seasonNumber)),
          monetization_enabled: String(this.canMonetize && input.monetizationEnabled),
        },
        {
          token: this.root.auth.token,
          onProgress: (fraction) => runInAction(() => (this.uploadProgress = Math.round(fraction * 100))),
        },
      );
      episode = outcome.data;
      if (!episode) detail = errorDetail(outcome.error, NO_DETAIL);
    } catch {
      episode = undefined;
    }
    runInAction(() => {
      this.uploadPending = false;
      this.uploadProgress = 0;
    });
    if (!episode) {
      this.root.notify.error(PODCAST_MESSAGES.uploadFailed(detail), { action: 'podcasts.upload' });
      return { ok: false, fieldErrors: {} };
    }
    this.root.notify.success(PODCAST_MESSAGES.uploaded(episode.title), { action: 'podcasts.upload' });
    void this.openShow(episode.show_id);
    return { ok: true, episode };
  }
}
