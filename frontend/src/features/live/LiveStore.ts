import { makeAutoObservable, observableShallow, reaction, runInAction, type IReactionDisposer } from 'mobx';
import type { RootStore } from '../../stores/RootStore';
import { sendChange } from '../../shared/apiError';
import type { LoadStatus } from '../../shared/resource';
import type { SocketFactory } from '../../shared/realtime';
import { LiveRoomSocket } from './liveSocket';
import { LIVE_MESSAGES, STREAMS_REFRESH_MS } from './messages';
import type { LiveComment, LiveRoomEvent, LiveStream, SuperChat, SuperChatPackageId } from './types';

export interface LiveStoreOptions {
  /** Opens the realtime socket of a stream's room; the browser's WebSocket by default (tests pass a fake). */
  socketFactory?: SocketFactory;
  realtimeUrl?: string;
}

/** What the chat keeps: the newest 50 the server gave and what arrived since, newest first, at most this many. */
const CHAT_KEEP = 200;
/** How often an ended stream is read again until its recording has become a video (the link appears). */
const RECORDING_POLL_MS = 10_000;
const RECORDING_POLL_TIMES = 30;

export type RoomStatus = 'loading' | 'ready' | 'not-found' | 'error';

/**
 * One open stream (the watch view, or the streamer's My Stream): the stream with its live counts, the chat (newest
 * first), the Super Chats, and the room's events over the realtime socket while it is open. After a reconnect the
 * stream and chat are read again, since events may have been missed meanwhile. Chat moderation (delete, time out, slow
 * mode) is the streamer's (`canModerate`).
 */
export class LiveRoom {
  stream: LiveStream | null = null;
  status: RoomStatus = 'loading';
  messages: LiveComment[] = [];
  superChats: SuperChat[] = [];
  superChatRevenue = 0;
  /** True while the room's socket is subscribed. */
  connected = false;
  /** Why the last message was refused (the server's sentence: slow mode, a timeout, too fast). */
  chatError: string | null = null;
  /** Until when the signed-in viewer is timed out of this chat (the room's `timeout` event). */
  timedOutUntil: string | null = null;
  /** A like toggle is under way. */
  liking = false;

  private readonly socket: LiveRoomSocket;
  /**
   * The chat message being sent and those waiting behind it (sent one after another, in order), by text: the same
   * text pressed twice while on its way is sent once.
   */
  private readonly outbox = new Map<string, Promise<boolean>>();
  /** Where the next message waits its turn (after every earlier one is answered). */
  private sendChain: Promise<unknown> = Promise.resolve();
  private recordingTimer: ReturnType<typeof setTimeout> | null = null;
  private recordingPolls = 0;
  private opened = false;

  constructor(
    readonly root: RootStore,
    readonly id: string,
    options: LiveStoreOptions = {},
  ) {
    this.socket = new LiveRoomSocket({
      room: `live:${id}`,
      url: options.realtimeUrl,
      socketFactory: options.socketFactory,
      getToken: () => this.root.auth.token,
      listener: {
        onSubscribed: (again) => {
          runInAction(() => (this.connected = true));
          if (again) void this.join();
        },
        onEvent: (event) => this.apply(event),
        onDisconnected: () => runInAction(() => (this.connected = false)),
      },
    });
    makeAutoObservable<this, 'socket' | 'outbox' | 'sendChain' | 'postComment' | 'recordingTimer' | 'recordingPolls' | 'opened'>(
      this,
      { root: false, id: false, socket: false, outbox: observableShallow, sendChain: false, postComment: false, recordingTimer: false, recordingPolls: false, opened: false },
      { autoBind: true },
    );
  }

  /** A chat message is being sent (or waits behind one that is). */
  get sending(): boolean {
    return this.outbox.size > 0;
  }

  /** The signed-in viewer is the streamer. */
  get isOwner(): boolean {
    const me = this.root.auth.user?.id;
    return Boolean(me && this.stream && this.stream.user_id === me);
  }

  /** The streamer moderates the chat (delete, time out, slow mode). */
  get canModerate(): boolean {
    return this.isOwner;
  }

  get ended(): boolean {
    return this.stream?.status === 'ended';
  }

  /** Super Chats still pinned at `now` (ms), newest first. */
  pinnedAt(now: number): SuperChat[] {
    return this.superChats.filter((chat) => Date.parse(chat.pinned_until) > now);
  }

  /** The signed-in viewer's timeout still runs at `now`. */
  isTimedOutAt(now: number): boolean {
    return this.timedOutUntil !== null && Date.parse(this.timedOutUntil) > now;
  }

  /** Opens the room: the stream and its chat, its Super Chats, and its events. */
  open(): void {
    if (this.opened) return;
    this.opened = true;
    void this.join().then((found) => {
      if (found && this.opened) this.socket.start();
    });
  }

  /** Leaves the room (the page closed): the socket closes, so the viewer stops counting. */
  close(): void {
    this.opened = false;
    this.socket.stop();
    this.connected = false;
    this.stopRecordingPoll();
  }

  /** POST /join: the stream with its counts and the newest 50 messages; then the Super Chats. True when it exists. */
  async join(): Promise<boolean> {
    let answer: { stream: LiveStream; messages: LiveComment[] } | undefined;
    let notFound = false;
    try {
      const { data, response } = await this.root.api.POST('/api/live/{id}/join', { params: { path: { id: this.id } } });
      answer = data;
      notFound = response.status === 404 || response.status === 400;
    } catch {
      answer = undefined;
    }
    runInAction(() => {
      if (answer) {
        this.stream = answer.stream;
        this.messages = answer.messages;
        this.superChatRevenue = answer.stream.super_chat_revenue;
        this.status = 'ready';
        this.root.live.noteStream(answer.stream);
      } else if (this.status !== 'ready') {
        this.status = notFound ? 'not-found' : 'error';
      }
    });
    if (!answer) {
      // The seed's 'Failed to join stream' goes to the console only (seed 002 §8); the page shows what went wrong.
      console.warn(LIVE_MESSAGES.joinFailed);
      return false;
    }
    void this.loadSuperChats();
    if (answer.stream.status === 'ended') this.watchRecording();
    return true;
  }

  /** The stream alone, read again (after it ended: whether its recording is a video yet). */
  async refresh(): Promise<void> {
    try {
      const { data } = await this.root.api.GET('/api/live/{id}', { params: { path: { id: this.id } } });
      if (data) runInAction(() => (this.stream = data));
    } catch {
      // Kept as it was.
    }
  }

  async loadSuperChats(): Promise<void> {
    if (!this.stream?.super_chat_enabled && !this.stream?.super_chat_revenue) return;
    try {
      const { data: list } = await this.root.api.GET('/api/live/{id}/super-chat', { params: { path: { id: this.id } } });
      if (list) {
        runInAction(() => {
          this.superChats = list.super_chats;
          this.superChatRevenue = list.super_chat_revenue;
          if (this.stream) this.stream = { ...this.stream, super_chat_revenue: list.super_chat_revenue };
        });
      }
    } catch {
      // The chat works without them; the room's events still bring new ones.
    }
  }

  /**
   * Sends a chat message; false (with the seed's toast and the server's reason under the box) when refused. A message
   * sent while another is on its way waits for it and follows it (Enter pressed quickly twice sends both, in order);
   * the same text while it is still on its way is the same message (its answer is shared).
   */
  sendComment(text: string): Promise<boolean> {
    const message = text.trim();
    // Seed 002 §5: an empty live comment is not sent.
    if (!message) return Promise.resolve(false);
    const queued = this.outbox.get(message);
    if (queued) return queued;
    const answer = this.sendChain.then(() => this.postComment(message));
    this.sendChain = answer.catch(() => undefined);
    this.outbox.set(message, answer);
    return answer.finally(() =>
      runInAction(() => {
        this.outbox.delete(message);
      }),
    );
  }

  /** POST /comment for one message (its turn came); never rejects. */
  private async postComment(message: string): Promise<boolean> {
    runInAction(() => (this.chatError = null));
    const result = await sendChange(
      () => this.root.api.POST('/api/live/{id}/comment', { params: { path: { id: this.id } }, body: { message } }),
      LIVE_MESSAGES.noDetail,
    );
    runInAction(() => {
      if (result.ok) this.addMessage(result.data);
      else this.chatError = result.detail;
    });
    if (!result.ok) this.root.notify.error(LIVE_MESSAGES.commentFailed, { action: `live.comment:${this.id}` });
    else this.root.notify.clear(`live.comment:${this.id}`);
    return result.ok;
  }

  /** Likes or unlikes the stream (signed-in viewers). */
  async toggleLike(): Promise<void> {
    if (this.liking || !this.stream) return;
    this.liking = true;
    const result = await sendChange(() => this.root.api.POST('/api/live/{id}/like', { params: { path: { id: this.id } } }), LIVE_MESSAGES.noDetail);
    runInAction(() => {
      this.liking = false;
      if (result.ok && this.stream) this.stream = { ...this.stream, liked: result.data.liked, likes: result.data.likes };
    });
    if (!result.ok) this.root.notify.error(`${LIVE_MESSAGES.likeFailed}: ${result.detail}`, { action: `live.like:${this.id}` });
  }

  /** The streamer deletes a message: it leaves every open page. */
  async deleteComment(commentId: string): Promise<boolean> {
    const result = await sendChange(
      () => this.root.api.DELETE('/api/live/{id}/comments/{commentId}', { params: { path: { id: this.id, commentId } } }),
      LIVE_MESSAGES.noDetail,
    );
    if (result.ok) runInAction(() => this.removeMessage(commentId));
    else this.root.notify.error(LIVE_MESSAGES.deleteFailed(result.detail), { action: `live.delete:${commentId}` });
    return result.ok;
  }

  /** The streamer times a chatter out for `seconds`. */
  async timeOut(comment: LiveComment, seconds: number): Promise<boolean> {
    const result = await sendChange(
      () => this.root.api.POST('/api/live/{id}/timeouts', { params: { path: { id: this.id } }, body: { user_id: comment.user_id, seconds } }),
      LIVE_MESSAGES.noDetail,
    );
    const toast = { action: `live.timeout:${comment.user_id}` };
    if (result.ok) this.root.notify.success(LIVE_MESSAGES.timedOut(comment.username, Math.round(seconds / 60)), toast);
    else this.root.notify.error(LIVE_MESSAGES.timeoutFailed(result.detail), toast);
    return result.ok;
  }

  /** The streamer sets slow mode (0: off). */
  async setSlowMode(seconds: number): Promise<boolean> {
    const result = await sendChange(
      () => this.root.api.PUT('/api/live/{id}/slow-mode', { params: { path: { id: this.id } }, body: { seconds } }),
      LIVE_MESSAGES.noDetail,
    );
    if (result.ok) runInAction(() => this.stream && (this.stream = { ...this.stream, slow_mode_seconds: seconds }));
    else this.root.notify.error(LIVE_MESSAGES.slowModeFailed(result.detail), { action: `live.slow-mode:${this.id}` });
    return result.ok;
  }

  /** Replaces the stream with what the server answered (the streamer's own end call). */
  setStream(stream: LiveStream): void {
    this.stream = stream;
    this.status = 'ready';
  }

  /** A room event from the realtime socket. */
  apply(event: LiveRoomEvent): void {
    const stream = this.stream;
    switch (event.event) {
      case 'comment':
        this.addMessage(event.comment);
        return;
      case 'comment_deleted':
        this.removeMessage(event.id);
        return;
      case 'viewers':
        if (stream) this.stream = { ...stream, viewer_count: event.viewer_count };
        this.root.live.patchListed(this.id, { viewer_count: event.viewer_count });
        return;
      case 'likes':
        if (stream) this.stream = { ...stream, likes: event.likes };
        return;
      case 'status':
        if (stream && stream.status !== 'ended') this.stream = { ...stream, status: event.status };
        return;
      case 'ended':
        if (stream) this.stream = { ...stream, status: 'ended', ended_at: stream.ended_at ?? new Date().toISOString() };
        this.root.live.streamEnded(this.id);
        this.watchRecording();
        return;
      case 'slow_mode':
        if (stream) this.stream = { ...stream, slow_mode_seconds: event.slow_mode_seconds };
        return;
      case 'timeout':
        if (event.user_id === this.root.auth.user?.id) this.timedOutUntil = event.until;
        return;
      case 'super_chat':
        if (!this.superChats.some((chat) => chat.id === event.super_chat.id)) this.superChats = [event.super_chat, ...this.superChats];
        this.superChatRevenue = event.super_chat_revenue;
        if (stream) this.stream = { ...stream, super_chat_revenue: event.super_chat_revenue };
        this.root.live.patchListed(this.id, { super_chat_revenue: event.super_chat_revenue });
        return;
    }
  }

  private addMessage(comment: LiveComment): void {
    if (this.messages.some((m) => m.id === comment.id)) return;
    // Seed 002 §4: a new live comment is placed at the top of the list.
    this.messages = [comment, ...this.messages].slice(0, CHAT_KEEP);
  }

  private removeMessage(id: string): void {
    this.messages = this.messages.filter((m) => m.id !== id);
  }

  /** An ended stream that records: read it again now and then until its recording is a video. */
  private watchRecording(): void {
    this.stopRecordingPoll();
    this.recordingPolls = 0;
    const poll = async () => {
      await this.refresh();
      const stream = this.stream;
      if (!this.opened || !stream || !stream.record || stream.recording_video_id || ++this.recordingPolls >= RECORDING_POLL_TIMES) return;
      this.recordingTimer = setTimeout(() => void poll(), RECORDING_POLL_MS);
    };
    const stream = this.stream;
    if (stream?.record && !stream.recording_video_id) this.recordingTimer = setTimeout(() => void poll(), 0);
  }

  private stopRecordingPoll(): void {
    if (this.recordingTimer !== null) clearTimeout(this.recordingTimer);
    this.recordingTimer = null;
  }
}

/**
 * Live (seed 002 §2.7, §4): the streams on now (Live Now, read again every 15 s while shown), the rooms of the streams
 * open on this page (`openRoom`/`releaseRoom`), the signed-in user's own open stream (`myStream`: My Stream shows while
 * it is set; the studio sets it on start and clears it on end), and Super Chat checkout.
 */
export class LiveStore {
  streams: LiveStream[] = [];
  streamsStatus: LoadStatus = 'idle';
  /** The signed-in user's stream while it is open (created or live). */
  myStream: LiveStream | null = null;

  private readonly rooms = new Map<string, { room: LiveRoom; users: number }>();
  private streamsTicket = 0;
  /** The user's own open stream being read (loadMyStream), shared by whoever asks meanwhile. */
  private myStreamLoad: { userId: string; done: Promise<void> } | null = null;
  private readonly stopReaction: IReactionDisposer;

  constructor(
    readonly root: RootStore,
    private readonly options: LiveStoreOptions = {},
  ) {
    makeAutoObservable<this, 'rooms' | 'streamsTicket' | 'myStreamLoad' | 'readMyStream' | 'options' | 'stopReaction'>(
      this,
      { root: false, rooms: false, streamsTicket: false, myStreamLoad: false, readMyStream: false, options: false, stopReaction: false },
      { autoBind: true },
    );
    // Another user (or none) signed in: their own stream is not this one.
    this.stopReaction = reaction(
      () => this.root.auth.user?.id ?? null,
      (userId) => {
        if (this.myStream && this.myStream.user_id !== userId) this.myStream = null;
      },
    );
  }

  /** The signed-in user has a stream open now (My Stream shows; Go Live is disabled). */
  get isStreaming(): boolean {
    return this.myStream !== null && this.myStream.status !== 'ended';
  }

  /** GET /api/live/streams: the streams on now, the most watched first. */
  async loadStreams(): Promise<boolean> {
    const ticket = ++this.streamsTicket;
    if (this.streamsStatus !== 'ready') this.streamsStatus = 'loading';
    let streams: LiveStream[] | undefined;
    try {
      const { data } = await this.root.api.GET('/api/live/streams');
      streams = data;
    } catch {
      streams = undefined;
    }
    if (ticket !== this.streamsTicket) return false;
    runInAction(() => {
      if (streams) {
        this.streams = streams;
        this.streamsStatus = 'ready';
        const me = this.root.auth.user?.id;
        const mine = me ? streams.find((s) => s.user_id === me) : undefined;
        // A reload while streaming finds the stream again (My Stream comes back).
        if (mine && (!this.myStream || this.myStream.id === mine.id)) this.myStream = mine;
      } else if (this.streamsStatus !== 'ready') {
        this.streamsStatus = 'error';
      }
    });
    if (streams) this.root.notify.clear('live.load');
    else this.root.notify.error(LIVE_MESSAGES.loadFailed, { action: 'live.load' });
    return streams !== undefined;
  }

  /**
   * GET /api/live/streams?user_id=<me>: the signed-in user's own open stream, however many others are on now, so that
   * a reload while streaming brings My Stream back (and Go Live stays disabled). Calls made while one is on its way
   * share it.
   */
  loadMyStream(): Promise<void> {
    const me = this.root.auth.user?.id;
    if (!me) return Promise.resolve();
    if (this.myStreamLoad?.userId === me) return this.myStreamLoad.done;
    const done = this.readMyStream(me).finally(() => {
      if (this.myStreamLoad?.done === done) this.myStreamLoad = null;
    });
    this.myStreamLoad = { userId: me, done };
    return done;
  }

  private async readMyStream(me: string): Promise<void> {
    let streams: LiveStream[] | undefined;
    try {
      const { data } = await this.root.api.GET('/api/live/streams', { params: { query: { user_id: me } } });
      streams = data;
    } catch {
      streams = undefined;
    }
    runInAction(() => {
      const mine = streams?.find((s) => s.user_id === me && s.status !== 'ended');
      // Still the same user; a stream the studio set meanwhile (a start) is not replaced by another.
      if (mine && this.root.auth.user?.id === me && (!this.myStream || this.myStream.id === mine.id)) this.myStream = mine;
    });
  }

  /**
   * Reads the list now and every 15 s while the page is visible (viewer counts stay current), and at once when it is
   * shown again; returns the function that stops it (Live Now's effect).
   */
  watchStreams(intervalMs: number = STREAMS_REFRESH_MS): () => void {
    void this.loadStreams();
    const visible = () => globalThis.document?.visibilityState !== 'hidden';
    const timer = setInterval(() => {
      if (visible()) void this.loadStreams();
    }, intervalMs);
    const onVisibility = () => {
      if (visible()) void this.loadStreams();
    };
    globalThis.document?.addEventListener('visibilitychange', onVisibility);
    return () => {
      clearInterval(timer);
      globalThis.document?.removeEventListener('visibilitychange', onVisibility);
    };
  }

  /** The room of stream `id`, opened (shared by whoever shows it on this page; `releaseRoom` when done). */
  openRoom(id: string): LiveRoom {
    const entry = this.rooms.get(id) ?? { room: new LiveRoom(this.root, id, this.options), users: 0 };
    entry.users += 1;
    this.rooms.set(id, entry);
    entry.room.open();
    return entry.room;
  }

  releaseRoom(room: LiveRoom): void {
    const entry = this.rooms.get(room.id);
    if (!entry || entry.room !== room) return;
    entry.users -= 1;
    if (entry.users > 0) return;
    this.rooms.delete(room.id);
    room.close();
  }

  /** The open room of stream `id`, if this page shows it. */
  roomOf(id: string): LiveRoom | undefined {
    return this.rooms.get(id)?.room;
  }

  /** The studio started or ended the user's stream (null: none open). */
  setMyStream(stream: LiveStream | null): void {
    this.myStream = stream;
    if (stream) {
      this.noteStream(stream);
      this.roomOf(stream.id)?.setStream(stream);
    }
  }

  /** A stream read from the server: the list and My Stream follow it. */
  noteStream(stream: LiveStream): void {
    if (this.myStream?.id === stream.id) this.myStream = stream.status === 'ended' ? null : stream;
    if (stream.status === 'ended') this.streams = this.streams.filter((s) => s.id !== stream.id);
    else this.patchListed(stream.id, stream);
  }

  /** Changes a listed stream's fields (a room's live counts). */
  patchListed(id: string, fields: Partial<LiveStream>): void {
    if (!this.streams.some((s) => s.id === id)) return;
    this.streams = this.streams.map((s) => (s.id === id ? { ...s, ...fields } : s));
  }

  /** A stream ended (its room said so): it leaves Live Now, and My Stream if it was the user's. */
  streamEnded(id: string): void {
    this.streams = this.streams.filter((s) => s.id !== id);
    if (this.myStream?.id === id) this.myStream = null;
  }

  /**
   * Super Chat (seed 001 §7): POST /api/super-chat/send with the current page as origin_url, then to the hosted
   * checkout. The message is checked here first (the dialog shows why). False when refused (toast
   * 'Failed to send Super Chat: …').
   */
  sendSuperChat(streamId: string, packageId: SuperChatPackageId, message: string): Promise<boolean> {
    return this.root.payments.startSuperChatCheckout(streamId, packageId, message.trim());
  }

  reset(): void {
    this.myStream = null;
    this.streams = [];
    this.streamsStatus = 'idle';
  }

  dispose(): void {
    this.stopReaction();
    for (const { room } of this.rooms.values()) room.close();
    this.rooms.clear();
  }
}

