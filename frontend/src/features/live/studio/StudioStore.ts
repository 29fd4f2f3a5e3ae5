import { makeAutoObservable, observableRef, reaction, runInAction, type IReactionDisposer } from 'mobx';
import type { RootStore } from '../../../stores/RootStore';
import type { components } from '../../../api/schema';
import { sendChange } from '../../../shared/apiError';
import { copyToClipboard } from '../../../shared/clipboard';
import { Resource } from '../../../shared/resource';
import { LIVE_MESSAGES, LIVE_TABS } from '../messages';
import type { LiveStream } from '../types';
import { IngestClient, type IngestSocketFactory, type IngestState } from './IngestClient';
import {
  CaptureError,
  canCapture,
  deviceOf,
  listCaptureDevices,
  openCapture,
  pickRecorderMime,
  stopCapture,
  type DeviceOption,
  type RecorderFactory,
} from './media';
import { STUDIO_MESSAGES } from './messages';

export type LiveStreamKey = components['schemas']['LiveStreamKeyDto'];

/** Where the stream's picture comes from: the camera (with its microphone), the microphone alone, or OBS. */
export type StudioSource = 'camera' | 'audio' | 'obs';

export type CaptureStatus = 'off' | 'opening' | 'on' | 'error';

/** What the browser ingest of the user's stream is doing, as the state line says it. */
export type StudioIngest = { kind: 'idle' } | IngestState;

export interface StudioConnectors {
  socketFactory?: IngestSocketFactory;
  recorderFactory?: RecorderFactory;
}

/**
 * The creator's side of Live (seed 002 §2.7 Go Live and My Stream, §4, §5): the Go Live form and its rules, the camera
 * and microphone (device pickers, the preview, Audio Only), the OBS stream key, starting and ending the stream, and
 * the browser ingest that sends the camera to it. The open stream itself is `live.myStream` (C1's LiveStore), which
 * My Stream and the rest of the section read.
 */
export class StudioStore {
  title = '';
  description = '';
  isVertical = false;
  superChatEnabled = false;
  /** Keep the recording as a video when the stream ends (the server's default too). */
  record = true;

  source: StudioSource = 'camera';
  cameras: DeviceOption[] = [];
  microphones: DeviceOption[] = [];
  cameraId: string | null = null;
  microphoneId: string | null = null;
  /** The camera and microphone (or the microphone alone) as the preview shows them and the ingest records them. */
  capture: MediaStream | null = null;
  captureStatus: CaptureStatus = 'off';
  captureError: string | null = null;

  /** The OBS server URL and stream key (GET /api/live/key). */
  readonly key = new Resource<LiveStreamKey>();
  keyShown = false;
  regeneratePending = false;

  startPending = false;
  endPending = false;
  ingest: StudioIngest = { kind: 'idle' };

  private client: IngestClient | null = null;
  /** Capture requests answered after a newer one are dropped. */
  private captureTicket = 0;
  /** Screens that show the preview now (Go Live, My Stream): the camera is let go when none does and nothing is sent. */
  private viewers = 0;
  private connectors: StudioConnectors = {};
  private readonly stopReactions: IReactionDisposer[] = [];

  constructor(readonly root: RootStore) {
    makeAutoObservable<this, 'client' | 'captureTicket' | 'viewers' | 'connectors' | 'stopReactions'>(
      this,
      { root: false, key: false, client: false, captureTicket: false, viewers: false, connectors: false, stopReactions: false, capture: observableRef },
      { autoBind: true },
    );
    // The stream ended elsewhere (another tab, the room's `ended`): stop sending to it.
    this.stopReactions.push(
      reaction(
        () => this.root.live.myStream?.id ?? null,
        (id) => {
          if (id === null) this.stopIngest();
        },
      ),
      // Leaving the page while the camera is being sent ends the video: the browser asks first.
      reaction(
        () => this.sending,
        (sending) => {
          if (sending) globalThis.addEventListener?.('beforeunload', confirmLeaving);
          else globalThis.removeEventListener?.('beforeunload', confirmLeaving);
        },
      ),
      // Signed out (or another user): nothing of the last user's studio stays.
      reaction(
        () => this.root.auth.user?.id ?? null,
        () => {
          this.stopIngest();
          this.key.reset();
          this.keyShown = false;
        },
      ),
    );
  }

  /** The user's open stream (created or live), if any. */
  get stream(): LiveStream | null {
    return this.root.live.myStream;
  }

  get isStreaming(): boolean {
    return this.root.live.isStreaming;
  }

  /** Seed 002 §5: Go Live is disabled when the title is empty or whitespace, or a stream is already live. */
  get canGoLive(): boolean {
    if (this.title.trim() === '' || this.isStreaming || this.startPending) return false;
    return this.source === 'obs' || this.captureStatus === 'on';
  }

  /** The preview and the ingest use the browser's camera or microphone. */
  get usesBrowser(): boolean {
    return this.source !== 'obs';
  }

  /** The browser ingest is running (or trying to). */
  get sending(): boolean {
    return this.ingest.kind === 'connecting' || this.ingest.kind === 'live' || this.ingest.kind === 'reconnecting';
  }

  /** The state line under the preview: Connecting / Live / Reconnecting / the error. */
  get ingestLine(): string | null {
    switch (this.ingest.kind) {
      case 'idle':
        return null;
      case 'error':
        return this.ingest.message;
      default:
        return STUDIO_MESSAGES.ingest[this.ingest.kind];
    }
  }

  setTitle(value: string): void {
    this.title = value;
  }

  setDescription(value: string): void {
    this.description = value;
  }

  /** Vertical: the camera opens again in portrait, so that what is sent is what the preview shows. */
  setVertical(value: boolean): void {
    if (value === this.isVertical) return;
    this.isVertical = value;
    if (this.source === 'camera' && this.capture && !this.sending) void this.openCapture();
  }

  setSuperChatEnabled(value: boolean): void {
    this.superChatEnabled = value;
  }

  setRecord(value: boolean): void {
    this.record = value;
  }

  /** Tests: fake sockets and recorders for the ingest. */
  useConnectors(connectors: StudioConnectors): void {
    this.connectors = connectors;
  }

  // The camera and microphone.

  /**
   * A screen shows the preview: the camera (or microphone) opens if it is not; returns the function the screen calls
   * when it goes, which lets the camera go unless it is being sent.
   */
  showPreview(): () => void {
    this.viewers += 1;
    if (this.usesBrowser && !this.capture && this.captureStatus !== 'opening') void this.openCapture();
    return () => {
      this.viewers -= 1;
      if (this.viewers <= 0 && !this.sending) this.releaseCapture();
    };
  }

  /** Audio Only on or off: the microphone alone is a real audio-only stream. */
  setAudioOnly(audioOnly: boolean): void {
    if (this.sending) return;
    const next: StudioSource = audioOnly ? 'audio' : 'camera';
    if (next === this.source) return;
    this.source = next;
    void this.openCapture();
  }

  /** "Stream from OBS instead" (no camera: OBS sends to the stream key), or back to the camera. */
  setUseObs(useObs: boolean): void {
    if (this.sending) return;
    if (useObs) {
      this.source = 'obs';
      this.releaseCapture();
      void this.loadKey();
      return;
    }
    this.source = 'camera';
    void this.openCapture();
  }

  selectCamera(id: string | null): void {
    if (this.sending || id === this.cameraId) return;
    this.cameraId = id;
    if (this.source === 'camera') void this.openCapture();
  }

  selectMicrophone(id: string | null): void {
    if (this.sending || id === this.microphoneId) return;
    this.microphoneId = id;
    if (this.usesBrowser) void this.openCapture();
  }

  /** Opens the chosen devices for the current source (closing what was open); the preview shows them. */
  async openCapture(): Promise<void> {
    if (!this.usesBrowser) return;
    const ticket = ++this.captureTicket;
    this.releaseCapture();
    if (!canCapture()) {
      this.captureStatus = 'error';
      this.captureError = STUDIO_MESSAGES.capture.unsupported;
      return;
    }
    this.captureStatus = 'opening';
    this.captureError = null;
    let stream: MediaStream;
    try {
      stream = await openCapture({ audioOnly: this.source === 'audio', cameraId: this.cameraId, microphoneId: this.microphoneId, vertical: this.isVertical });
    } catch (error) {
      runInAction(() => {
        if (ticket !== this.captureTicket) return;
        this.captureStatus = 'error';
        this.captureError = STUDIO_MESSAGES.capture[error instanceof CaptureError ? error.problem : 'failed'];
      });
      return;
    }
    if (ticket !== this.captureTicket || !this.usesBrowser) {
      stopCapture(stream);
      return;
    }
    // Names of the devices show once the page may use them: read the lists now.
    const devices = await listCaptureDevices();
    runInAction(() => {
      if (ticket !== this.captureTicket) {
        stopCapture(stream);
        return;
      }
      this.capture = stream;
      this.captureStatus = 'on';
      this.cameras = devices.cameras;
      this.microphones = devices.microphones;
      if (this.source === 'camera') this.cameraId = deviceOf(stream, 'video') ?? this.cameraId ?? devices.cameras[0]?.id ?? null;
      this.microphoneId = deviceOf(stream, 'audio') ?? this.microphoneId ?? devices.microphones[0]?.id ?? null;
    });
  }

  /** Lets the camera and microphone go (their light goes out). */
  releaseCapture(): void {
    stopCapture(this.capture);
    this.capture = null;
    if (this.captureStatus !== 'error' || !this.usesBrowser) {
      this.captureStatus = 'off';
      this.captureError = null;
    }
  }

  // The OBS key.

  loadKey(): Promise<boolean> {
    return this.key.load(async () => (await this.root.api.GET('/api/live/key')).data);
  }

  toggleKeyShown(): void {
    this.keyShown = !this.keyShown;
  }

  /** A new stream key (the old one stops working). */
  async regenerateKey(): Promise<boolean> {
    if (this.regeneratePending) return false;
    this.regeneratePending = true;
    const result = await sendChange(() => this.root.api.POST('/api/live/key/regenerate'), LIVE_MESSAGES.noDetail);
    runInAction(() => {
      this.regeneratePending = false;
      if (result.ok) this.key.set(result.data);
    });
    if (result.ok) this.root.notify.success(STUDIO_MESSAGES.keyRegenerated, { action: 'live.key' });
    else this.root.notify.error(STUDIO_MESSAGES.keyRegenerateFailed(result.detail), { action: 'live.key' });
    return result.ok;
  }

  async copy(what: 'server' | 'key'): Promise<void> {
    const key = this.key.data;
    const text = what === 'key' ? key?.stream_key : key?.server_url;
    if (!text) return;
    if (await copyToClipboard(text)) this.root.notify.success(what === 'key' ? STUDIO_MESSAGES.keyCopied : STUDIO_MESSAGES.serverCopied, { action: 'live.copy' });
    else this.root.notify.error(STUDIO_MESSAGES.copyFailed, { action: 'live.copy' });
  }

  // Going live.

  /**
   * Finds the user's open stream after a reload (GET /api/live/streams?user_id=), so that My Stream comes back and End
   * Live Stream works; the camera can then be sent to it again.
   */
  async findMyStream(): Promise<void> {
    if (this.stream || !this.root.auth.user) return;
    await this.root.live.loadMyStream();
  }

  /**
   * Go Live (seed 002 §4): POST /api/live/start, 'Live stream started!', then My Stream, joined; the camera (or
   * microphone) is sent to the stream from here unless OBS sends it.
   */
  async start(): Promise<boolean> {
    if (!this.canGoLive) return false;
    const mime = this.usesBrowser ? pickRecorderMime(this.source === 'audio') : null;
    if (this.usesBrowser && !mime) {
      this.root.notify.error(LIVE_MESSAGES.startFailed(STUDIO_MESSAGES.noRecorder), { action: 'live.start' });
      return false;
    }
    this.startPending = true;
    const body = {
      title: this.title.trim(),
      description: this.description.trim(),
      is_vertical: this.isVertical,
      super_chat_enabled: this.superChatEnabled,
      record: this.record,
    };
    const result = await sendChange(() => this.root.api.POST('/api/live/start', { body }), LIVE_MESSAGES.noDetail);
    runInAction(() => (this.startPending = false));
    if (!result.ok) {
      this.root.notify.error(LIVE_MESSAGES.startFailed(result.detail), { action: 'live.start' });
      return false;
    }
    this.root.notify.success(LIVE_MESSAGES.started, { action: 'live.start' });
    runInAction(() => {
      this.root.live.setMyStream(result.data);
      this.root.ui.setTab('live', LIVE_TABS.myStream);
    });
    if (mime) this.beginIngest(result.data.id, mime);
    return true;
  }

  /** Sends the camera (or microphone) to the open stream: after Go Live, or again after a reload or a lost connection. */
  sendCamera(): void {
    const stream = this.stream;
    if (!stream || !this.capture || this.sending) return;
    const mime = pickRecorderMime(this.source === 'audio');
    if (!mime) {
      this.ingest = { kind: 'error', message: STUDIO_MESSAGES.noRecorder };
      return;
    }
    this.beginIngest(stream.id, mime);
  }

  private beginIngest(streamId: string, mime: string): void {
    this.stopIngest();
    const media = this.capture;
    if (!media) return;
    const client = new IngestClient({
      streamId,
      media,
      mime,
      getToken: () => this.root.auth.token,
      onState: (state) => {
        if (this.client !== client) return;
        runInAction(() => (this.ingest = state));
        if (state.kind === 'live') void this.confirmLive(streamId);
        // The server closes the ingest normally when the stream ended (another tab, another device).
        if (state.kind === 'ended') {
          runInAction(() => this.root.live.streamEnded(streamId));
          this.root.notify.info(LIVE_MESSAGES.ended, { action: 'live.end' });
        }
      },
      socketFactory: this.connectors.socketFactory,
      recorderFactory: this.connectors.recorderFactory,
    });
    this.client = client;
    client.start();
  }

  /**
   * The ingest says the video is in the stream's playlist: a page that still shows the stream as not started (the
   * room's `status` event came before it subscribed) reads it again.
   */
  private async confirmLive(streamId: string): Promise<void> {
    const room = this.root.live.roomOf(streamId);
    const shown = room?.stream ?? this.stream;
    if (!shown || shown.id !== streamId || shown.status !== 'created') return;
    try {
      const { data } = await this.root.api.GET('/api/live/{id}', { params: { path: { id: streamId } } });
      if (!data) return;
      runInAction(() => {
        this.root.live.noteStream(data);
        this.root.live.roomOf(streamId)?.setStream(data);
      });
    } catch {
      // The room's own events bring it.
    }
  }

  /** Stops sending (the preview stays while a screen shows it). */
  stopIngest(): void {
    const client = this.client;
    this.client = null;
    client?.stop();
    this.ingest = { kind: 'idle' };
    if (this.viewers <= 0) this.releaseCapture();
  }

  /** End Live Stream: POST /api/live/{id}/end, 'Live stream ended!', back to Go Live; the stream is cleared. */
  async end(): Promise<boolean> {
    const stream = this.stream;
    if (!stream || this.endPending) return false;
    this.endPending = true;
    const result = await sendChange(() => this.root.api.POST('/api/live/{id}/end', { params: { path: { id: stream.id } } }), LIVE_MESSAGES.noDetail);
    runInAction(() => (this.endPending = false));
    if (!result.ok) {
      this.root.notify.error(LIVE_MESSAGES.endFailed, { action: 'live.end' });
      return false;
    }
    this.root.notify.success(LIVE_MESSAGES.ended, { action: 'live.end' });
    runInAction(() => {
      this.stopIngest();
      this.root.live.roomOf(stream.id)?.setStream(result.data);
      this.root.live.setMyStream(null);
      this.root.ui.setTab('live', LIVE_TABS.goLive);
    });
    return true;
  }

  dispose(): void {
    this.stopReactions.forEach((stop) => stop());
    globalThis.removeEventListener?.('beforeunload', confirmLeaving);
    const client = this.client;
    this.client = null;
    client?.stop();
    stopCapture(this.capture);
    this.capture = null;
  }
}

/** The browser's own "Leave site?" question (its text is the browser's). */
function confirmLeaving(event: BeforeUnloadEvent): void {
  event.preventDefault();
}
