import { jest } from '@jest/globals';
import type { RecorderLike, RecorderOptions } from './media';

/**
 * Tests only: a camera, microphone and MediaRecorder the test drives. jsdom has neither getUserMedia nor
 * MediaRecorder; `installFakeCapture()` puts these stand-ins where the page looks for them and returns what it made.
 */

export class FakeTrack {
  readonly stop = jest.fn(() => {
    this.readyState = 'ended';
  });
  readyState: 'live' | 'ended' = 'live';
  constructor(
    readonly kind: 'audio' | 'video',
    readonly deviceId: string,
  ) {}
  getSettings(): { deviceId: string } {
    return { deviceId: this.deviceId };
  }
}

export class FakeMediaStream {
  constructor(readonly tracks: FakeTrack[]) {}
  getTracks(): FakeTrack[] {
    return this.tracks;
  }
  getAudioTracks(): FakeTrack[] {
    return this.tracks.filter((track) => track.kind === 'audio');
  }
  getVideoTracks(): FakeTrack[] {
    return this.tracks.filter((track) => track.kind === 'video');
  }
}

export class FakeRecorder implements RecorderLike {
  static instances: FakeRecorder[] = [];
  static supported: string[] = ['video/webm;codecs=vp8,opus', 'video/webm;codecs=vp9,opus', 'audio/webm;codecs=opus'];
  static isTypeSupported(type: string): boolean {
    return FakeRecorder.supported.includes(type);
  }

  state: 'inactive' | 'recording' | 'paused' = 'inactive';
  timeslice: number | undefined;
  ondataavailable: ((event: { data: Blob }) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;

  constructor(
    readonly stream: MediaStream,
    readonly options: RecorderOptions = {},
  ) {
    FakeRecorder.instances.push(this);
  }

  start(timeslice?: number): void {
    this.state = 'recording';
    this.timeslice = timeslice;
  }

  stop(): void {
    this.state = 'inactive';
  }

  /** The recorder hands over a chunk of `bytes`. */
  emit(bytes: number[]): void {
    this.ondataavailable?.({ data: new Blob([new Uint8Array(bytes)]) });
  }
}

export interface FakeDevice {
  deviceId: string;
  kind: 'audioinput' | 'videoinput';
  label: string;
}

export const FAKE_DEVICES: FakeDevice[] = [
  { deviceId: 'cam-front', kind: 'videoinput', label: 'Front camera' },
  { deviceId: 'cam-usb', kind: 'videoinput', label: 'USB camera' },
  { deviceId: 'mic-built-in', kind: 'audioinput', label: 'Built-in microphone' },
  { deviceId: 'mic-headset', kind: 'audioinput', label: 'Headset microphone' },
];

export interface FakeCapture {
  getUserMedia: jest.Mock<(constraints: MediaStreamConstraints) => Promise<FakeMediaStream>>;
  streams: FakeMediaStream[];
  /** The next getUserMedia call fails with a DOMException of this name. */
  failNext(name: string): void;
  uninstall(): void;
}

function deviceIdOf(constraint: boolean | MediaTrackConstraints | undefined, fallback: string): string {
  if (!constraint || constraint === true) return fallback;
  const id = constraint.deviceId;
  if (id && typeof id === 'object' && 'exact' in id && typeof id.exact === 'string') return id.exact;
  return fallback;
}

/** Puts the fake camera, microphone and MediaRecorder in place (undo with `uninstall`). */
export function installFakeCapture(): FakeCapture {
  const streams: FakeMediaStream[] = [];
  let failure: string | null = null;
  const getUserMedia = jest.fn(async (constraints: MediaStreamConstraints) => {
    if (failure) {
      const name = failure;
      failure = null;
      throw new DOMException('refused', name);
    }
    const tracks = [new FakeTrack('audio', deviceIdOf(constraints.audio, 'mic-built-in'))];
    if (constraints.video) tracks.push(new FakeTrack('video', deviceIdOf(constraints.video, 'cam-front')));
    const stream = new FakeMediaStream(tracks);
    streams.push(stream);
    return stream;
  });
  const enumerateDevices = jest.fn(async () => FAKE_DEVICES.map((device) => ({ ...device, groupId: 'g', toJSON: () => device })));
  Object.defineProperty(globalThis.navigator, 'mediaDevices', { value: { getUserMedia, enumerateDevices }, configurable: true });
  const scope = globalThis as { MediaRecorder?: unknown };
  const previousRecorder = scope.MediaRecorder;
  scope.MediaRecorder = FakeRecorder;
  FakeRecorder.instances = [];
  return {
    getUserMedia,
    streams,
    failNext(name) {
      failure = name;
    },
    uninstall() {
      Reflect.deleteProperty(globalThis.navigator, 'mediaDevices');
      scope.MediaRecorder = previousRecorder;
      FakeRecorder.instances = [];
    },
  };
}
