import { makeAutoObservable, runInAction } from 'mobx';
import type { RootStore } from '../../stores/RootStore';
import { errorDetail } from '../../shared/apiError';
import { postMultipartWithProgress } from '../../shared/xhrUpload';
import type { LoadStatus } from '../../shared/resource';
import { MUSIC_MESSAGES, trackUploadProblems, type MusicGenre, type TrackFieldErrors, type TrackUploadInput } from './rules';
import type { MusicTab, MusicTrack, MusicTrackDetail, Playlist, PlaylistDetail } from './types';

/** Tracks a list page asks for. */
export const MUSIC_PAGE_SIZE = 20;
/** How often a list holding one of the user's tracks still processing is read again. */
export const MUSIC_POLL_MS = 5000;
/** Tracks each Discover shelf shows. */
export const DISCOVER_SIZE = 8;
/** What a failed call says when the server gave no reason. */
const NO_DETAIL = 'Please try again';

export type TrackUploadResult = { ok: true; track: MusicTrackDetail } | { ok: false; fieldErrors: TrackFieldErrors };
export type TrackPageStatus = 'idle' | 'loading' | 'ready' | 'missing' | 'error';

type TrackQuery = { limit: string; cursor?: string; content_type?: 'audio' | 'video'; genre?: MusicGenre; sort?: 'newest' | 'popular' };

/** One paged list of tracks (Library, Music Videos, a Discover shelf). */
export class TrackList {
  tracks: MusicTrack[] = [];
  nextCursor: string | null = null;
  status: LoadStatus = 'idle';
  loadingMore = false;
  private ticket = 0;

  constructor(
    private readonly store: MusicStore,
    private readonly query: () => Omit<TrackQuery, 'limit' | 'cursor'>,
    private readonly size = MUSIC_PAGE_SIZE,
  ) {
    makeAutoObservable<this, 'store' | 'query' | 'ticket' | 'size'>(this, { store: false, query: false, ticket: false, size: false }, { autoBind: true });
  }

  /** Reads the first page again. */
  async load(): Promise<void> {
    const ticket = ++this.ticket;
    if (this.status !== 'ready') this.status = 'loading';
    const page = await this.store.fetchTracks({ ...this.query(), limit: String(this.size) });
    runInAction(() => {
      if (ticket !== this.ticket) return;
      if (page) {
        this.tracks = page.tracks;
        this.nextCursor = page.next_cursor;
        this.status = 'ready';
      } else if (this.status !== 'ready') {
        this.status = 'error';
      }
    });
  }

  /** Reads the next page (`next_cursor`) and appends what is new. */
  async loadMore(): Promise<void> {
    if (!this.nextCursor || this.loadingMore) return;
    this.loadingMore = true;
    const ticket = this.ticket;
    const page = await this.store.fetchTracks({ ...this.query(), limit: String(this.size), cursor: this.nextCursor });
    runInAction(() => {
      this.loadingMore = false;
      if (ticket !== this.ticket || !page) return;
      const known = new Set(this.tracks.map((track) => track.id));
      this.tracks = [...this.tracks, ...page.tracks.filter((track) => !known.has(track.id))];
      this.nextCursor = page.next_cursor;
    });
  }

  /** Replaces a track's copy (a like changed it). */
  patch(id: string, change: Partial<MusicTrack>): void {
    this.tracks = this.tracks.map((track) => (track.id === id ? { ...track, ...change } : track));
  }
}

/**
 * The music section (seed 002 §2.8, issue 14): the Library (audio) and Music Videos tabs, Discover (newest, most
 * played, by genre), likes, the upload with its progress, the caller's playlists, and a track's page. The player is
 * `root.musicPlayer`.
 */
export class MusicStore {
  readonly library: TrackList;
  readonly videos: TrackList;
  readonly newest: TrackList;
  readonly popular: TrackList;
  readonly byGenre: TrackList;
  genre: MusicGenre = 'Pop';

  /** Tracks whose like is being sent. */
  likePending = new Set<string>();

  uploadPending = false;
  uploadProgress = 0;

  playlists: Playlist[] = [];
  playlistsStatus: LoadStatus = 'idle';
  /** The playlist opened in the Playlists tab, with its tracks. */
  openPlaylist: PlaylistDetail | null = null;
  playlistPending = false;

  /** The track of the page open (`/music/tracks/:id`). */
  page: MusicTrackDetail | null = null;
  pageStatus: TrackPageStatus = 'idle';
  private pageId: string | null = null;

  constructor(readonly root: RootStore) {
    this.library = new TrackList(this, () => ({ content_type: 'audio' }));
    this.videos = new TrackList(this, () => ({ content_type: 'video' }));
    this.newest = new TrackList(this, () => ({}), DISCOVER_SIZE);
    this.popular = new TrackList(this, () => ({ sort: 'popular' }), DISCOVER_SIZE);
    this.byGenre = new TrackList(this, () => ({ genre: this.genre }), DISCOVER_SIZE);
    makeAutoObservable<this, 'pageId'>(
      this,
      { root: false, library: false, videos: false, newest: false, popular: false, byGenre: false, pageId: false },
      { autoBind: true },
    );
  }

  /** Creator-program users may switch on monetization (seed 002 §1, §5). */
  get canMonetize(): boolean {
    return this.root.auth.user?.creator_program ?? false;
  }

  get signedIn(): boolean {
    return this.root.auth.user !== null;
  }

  /** The open tab (kept by the shell, so the Create menu's Upload music opens on Upload). */
  get tab(): MusicTab {
    const tab = this.root.ui.tabOf<MusicTab>('music', 'library');
    if (!this.signedIn && (tab === 'playlists' || tab === 'upload')) return 'library';
    return tab;
  }

  setTab(tab: MusicTab): void {
    this.root.ui.setTab('music', tab);
  }

  /** Loads what the open tab shows. */
  async loadTab(): Promise<void> {
    switch (this.tab) {
      case 'library':
        return this.library.load();
      case 'videos':
        return this.videos.load();
      case 'playlists':
        return this.loadPlaylists();
      case 'discover':
        await Promise.all([this.newest.load(), this.popular.load(), this.byGenre.load()]);
        return;
      default:
        return;
    }
  }

  /** While the section shows: the lists with one of the user's tracks still processing are read again until it is done. */
  watch(): () => void {
    const timer = setInterval(() => {
      for (const list of [this.library, this.videos]) {
        if (list.tracks.some((track) => track.is_owner && track.status === 'processing')) void list.load();
      }
    }, MUSIC_POLL_MS);
    return () => clearInterval(timer);
  }

  setGenre(genre: MusicGenre): void {
    this.genre = genre;
    void this.byGenre.load();
  }

  /** One page of GET /api/music/tracks, or undefined when it could not be read. */
  async fetchTracks(query: TrackQuery): Promise<{ tracks: MusicTrack[]; next_cursor: string | null } | undefined> {
    try {
      const { data } = await this.root.api.GET('/api/music/tracks', { params: { query } });
      return data;
    } catch {
      return undefined;
    }
  }

  private get lists(): TrackList[] {
    return [this.library, this.videos, this.newest, this.popular, this.byGenre];
  }

  /** Likes or unlikes (POST /api/music/{id}/like); a failure says 'Failed to like track'. */
  async toggleLike(id: string): Promise<void> {
    if (this.likePending.has(id)) return;
    this.likePending.add(id);
    let result: { liked: boolean; likes: number } | undefined;
    try {
      const { data } = await this.root.api.POST('/api/music/{id}/like', { params: { path: { id } } });
      result = data;
    } catch {
      result = undefined;
    }
    runInAction(() => {
      this.likePending.delete(id);
      if (!result) return;
      const change = { liked: result.liked, likes: result.likes };
      for (const list of this.lists) list.patch(id, change);
      if (this.page?.id === id) this.page = { ...this.page, ...change };
      if (this.openPlaylist) {
        this.openPlaylist = { ...this.openPlaylist, tracks: this.openPlaylist.tracks.map((t) => (t.id === id ? { ...t, ...change } : t)) };
      }
      this.root.musicPlayer.patch(id, change);
    });
    if (result) this.root.notify.clear(`music.like:${id}`);
    else this.root.notify.error(MUSIC_MESSAGES.likeFailed, { action: `music.like:${id}` });
  }

  /**
   * Music upload (seed 002 §5): the form's checks first (shown under the fields), then the file with its progress. A
   * refusal says 'Upload failed: ' and the server's reason.
   */
  async upload(input: TrackUploadInput): Promise<TrackUploadResult> {
    const fieldErrors = trackUploadProblems(input);
    if (Object.keys(fieldErrors).length || !input.file) return { ok: false, fieldErrors };
    const file = input.file;
    this.uploadPending = true;
    this.uploadProgress = 0;
    let track: MusicTrackDetail | undefined;
    let detail = NO_DETAIL;
    try {
      const outcome = await postMultipartWithProgress<MusicTrackDetail>(
        '/api/music/upload',
        {
          file: { blob: file, filename: file.name },
          title: input.title.trim(),
          artist: input.artist.trim(),
          album: input.album.trim() || undefined,
          genre: input.genre,
          content_type: input.contentType,
          monetization_enabled: String(this.canMonetize && input.monetizationEnabled),
        },
        {
          token: this.root.auth.token,
          onProgress: (fraction) => runInAction(() => (this.uploadProgress = Math.round(fraction * 100))),
        },
      );
      track = outcome.data;
      if (!track) detail = errorDetail(outcome.error, NO_DETAIL);
    } catch {
      track = undefined;
    }
    runInAction(() => {
      this.uploadPending = false;
      this.uploadProgress = 0;
    });
    if (!track) {
      this.root.notify.error(MUSIC_MESSAGES.uploadFailed(detail), { action: 'music.upload' });
      return { ok: false, fieldErrors: {} };
    }
    this.root.notify.success(`Uploaded “${track.title}”`, { action: 'music.upload' });
    const created = track;
    this.setTab(created.content_type === 'video' ? 'videos' : 'library');
    return { ok: true, track: created };
  }

  // ---- Playlists ----

  async loadPlaylists(): Promise<void> {
    if (!this.signedIn) return;
    if (this.playlistsStatus !== 'ready') this.playlistsStatus = 'loading';
    let list: Playlist[] | undefined;
    try {
      const { data } = await this.root.api.GET('/api/music/playlists');
      list = data?.playlists;
    } catch {
      list = undefined;
    }
    runInAction(() => {
      if (list) {
        this.playlists = list;
        this.playlistsStatus = 'ready';
      } else if (this.playlistsStatus !== 'ready') {
        this.playlistsStatus = 'error';
      }
    });
  }

  /** Runs a playlist change; the server's sentence as a toast when it refuses. True when it went through. */
  private async change<D>(action: string, fallback: string, call: () => Promise<{ data?: D; error?: unknown }>): Promise<D | null> {
    this.playlistPending = true;
    let data: D | undefined;
    let detail = fallback;
    try {
      const outcome = await call();
      data = outcome.data;
      if (data === undefined) detail = errorDetail(outcome.error, fallback);
    } catch {
      data = undefined;
    }
    runInAction(() => (this.playlistPending = false));
    if (data === undefined) {
      this.root.notify.error(detail, { action });
      return null;
    }
    this.root.notify.clear(action);
    return data;
  }

  private replacePlaylist(playlist: Playlist): void {
    const known = this.playlists.some((entry) => entry.id === playlist.id);
    this.playlists = known ? this.playlists.map((entry) => (entry.id === playlist.id ? playlist : entry)) : [playlist, ...this.playlists];
    if (this.openPlaylist?.id === playlist.id) {
      const byId = new Map(this.openPlaylist.tracks.map((track) => [track.id, track]));
      const tracks = playlist.track_ids.map((id) => byId.get(id)).filter((track): track is MusicTrack => track !== undefined);
      this.openPlaylist = { ...playlist, tracks };
    }
  }

  async createPlaylist(name: string): Promise<Playlist | null> {
    const created = await this.change('music.playlist.create', 'Failed to create playlist', () =>
      this.root.api.POST('/api/music/playlists', { body: { name: name.trim() } }),
    );
    if (created) runInAction(() => this.replacePlaylist(created));
    return created;
  }

  async renamePlaylist(id: string, name: string): Promise<boolean> {
    const updated = await this.change(`music.playlist.rename:${id}`, 'Failed to rename playlist', () =>
      this.root.api.PATCH('/api/music/playlists/{id}', { params: { path: { id } }, body: { name: name.trim() } }),
    );
    if (updated) runInAction(() => this.replacePlaylist(updated));
    return updated !== null;
  }

  async deletePlaylist(id: string): Promise<boolean> {
    const done = await this.change(`music.playlist.delete:${id}`, 'Failed to delete playlist', async () => {
      const { response, error } = await this.root.api.DELETE('/api/music/playlists/{id}', { params: { path: { id } } });
      return response.ok ? { data: true } : { error };
    });
    if (done) {
      runInAction(() => {
        this.playlists = this.playlists.filter((entry) => entry.id !== id);
        if (this.openPlaylist?.id === id) this.openPlaylist = null;
      });
    }
    return done !== null;
  }

  /** Opens a playlist with its tracks (GET /api/music/playlists/{id}). */
  async showPlaylist(id: string): Promise<void> {
    const detail = await this.change(`music.playlist.open:${id}`, 'Failed to load playlist', () =>
      this.root.api.GET('/api/music/playlists/{id}', { params: { path: { id } } }),
    );
    if (detail) runInAction(() => (this.openPlaylist = detail));
  }

  closePlaylist(): void {
    this.openPlaylist = null;
  }

  async addToPlaylist(playlistId: string, track: MusicTrack): Promise<boolean> {
    const updated = await this.change(`music.playlist.add:${playlistId}`, 'Failed to add track', () =>
      this.root.api.POST('/api/music/playlists/{id}/tracks', { params: { path: { id: playlistId } }, body: { track_id: track.id } }),
    );
    if (!updated) return false;
    runInAction(() => {
      if (this.openPlaylist?.id === playlistId && !this.openPlaylist.tracks.some((t) => t.id === track.id)) {
        this.openPlaylist = { ...this.openPlaylist, tracks: [...this.openPlaylist.tracks, track] };
      }
      this.replacePlaylist(updated);
    });
    const name = updated.name;
    this.root.notify.success(`Added to ${name}`, { action: `music.playlist.add:${playlistId}` });
    return true;
  }

  async removeFromPlaylist(playlistId: string, trackId: string): Promise<boolean> {
    const updated = await this.change(`music.playlist.remove:${playlistId}`, 'Failed to remove track', () =>
      this.root.api.DELETE('/api/music/playlists/{id}/tracks/{trackId}', { params: { path: { id: playlistId, trackId } } }),
    );
    if (updated) runInAction(() => this.replacePlaylist(updated));
    return updated !== null;
  }

  /** Moves the open playlist's track at `from` by `by` places (−1 up, +1 down). */
  async moveTrack(playlistId: string, trackId: string, by: -1 | 1): Promise<boolean> {
    const playlist = this.playlists.find((entry) => entry.id === playlistId);
    if (!playlist) return false;
    const ids = [...playlist.track_ids];
    const from = ids.indexOf(trackId);
    const to = from + by;
    if (from < 0 || to < 0 || to >= ids.length) return false;
    [ids[from], ids[to]] = [ids[to], ids[from]];
    const updated = await this.change(`music.playlist.reorder:${playlistId}`, 'Failed to reorder playlist', () =>
      this.root.api.PUT('/api/music/playlists/{id}/tracks', { params: { path: { id: playlistId } }, body: { track_ids: ids } }),
    );
    if (updated) runInAction(() => this.replacePlaylist(updated));
    return updated !== null;
  }

  // ---- A track's page ----

  async openPage(id: string): Promise<void> {
    this.pageId = id;
    if (this.page?.id !== id) this.page = null;
    this.pageStatus = 'loading';
    let status: TrackPageStatus = 'error';
    let track: MusicTrackDetail | undefined;
    try {
      const { data, response } = await this.root.api.GET('/api/music/tracks/{id}', { params: { path: { id } } });
      track = data;
      status = data ? 'ready' : response.status === 404 ? 'missing' : 'error';
    } catch {
      status = 'error';
    }
    runInAction(() => {
      if (this.pageId !== id) return;
      this.page = track ?? null;
      this.pageStatus = status;
    });
  }

  /** Reports listening for play counts (POST /api/music/tracks/{id}/play); nothing is shown either way. */
  async reportListening(id: string, seconds: number): Promise<void> {
    try {
      const { data } = await this.root.api.POST('/api/music/tracks/{id}/play', { params: { path: { id } }, body: { seconds_listened: seconds } });
      if (data) {
        const plays = data.plays;
        runInAction(() => {
          for (const list of this.lists) list.patch(id, { plays });
          if (this.page?.id === id) this.page = { ...this.page, plays };
        });
      }
    } catch {
      // A lost report loses a few seconds of counting, nothing the listener can act on.
    }
  }
}
