/**
 * The camera and microphone of the browser (getUserMedia, enumerateDevices) and the MediaRecorder formats the
 * browser ingest sends (CONTRACT: browser ingest). Read from the page's globals at call time, so tests stub them.
 */

/** The video formats the server takes, best first: H.264 is copied as it is, VP8/VP9 are re-encoded. */
export const VIDEO_RECORDER_MIMES = ['video/webm;codecs=h264,opus', 'video/webm;codecs=vp8,opus', 'video/webm;codecs=vp9,opus'] as const;
/** Audio Only: the microphone alone. */
export const AUDIO_RECORDER_MIME = 'audio/webm;codecs=opus';
/** MediaRecorder hands over a chunk this often (ms): small chunks keep the latency low. */
export const RECORDER_TIMESLICE_MS = 200;
/** One keyframe a second, where the browser lets us ask (Chromium): the server cuts ~1 s segments on keyframes. */
export const KEYFRAME_INTERVAL_MS = 1000;

export interface DeviceOption {
  id: string;
  label: string;
}

export interface CaptureDevices {
  cameras: DeviceOption[];
  microphones: DeviceOption[];
}

export interface CaptureRequest {
  audioOnly: boolean;
  cameraId: string | null;
  microphoneId: string | null;
  vertical: boolean;
}

/** What the page sees of MediaRecorder (the browser's, or a test's). */
export interface RecorderLike {
  readonly state: 'inactive' | 'recording' | 'paused';
  start(timeslice?: number): void;
  stop(): void;
  ondataavailable: ((event: { data: Blob }) => void) | null;
  onerror: ((event: Event) => void) | null;
}

export type RecorderOptions = MediaRecorderOptions & { videoKeyFrameIntervalDuration?: number };
export type RecorderFactory = (stream: MediaStream, options: RecorderOptions) => RecorderLike;

type RecorderClass = { new (stream: MediaStream, options?: RecorderOptions): RecorderLike; isTypeSupported?(type: string): boolean };

function recorderClass(): RecorderClass | null {
  return ((globalThis as { MediaRecorder?: RecorderClass }).MediaRecorder ?? null) as RecorderClass | null;
}

/** The browser's MediaRecorder. */
export const browserRecorder: RecorderFactory = (stream, options) => {
  const Recorder = recorderClass();
  if (!Recorder) throw new Error('MediaRecorder is not available');
  return new Recorder(stream, options);
};

/** True when this browser can record what the ingest sends. */
export function canRecord(): boolean {
  return recorderClass() !== null;
}

/**
 * The format to record in: the first of the video formats the browser supports (or Opus audio for Audio Only);
 * null when it supports none of them.
 */
export function pickRecorderMime(audioOnly: boolean, isTypeSupported: (type: string) => boolean = browserSupports): string | null {
  const candidates = audioOnly ? [AUDIO_RECORDER_MIME] : VIDEO_RECORDER_MIMES;
  return candidates.find((type) => isTypeSupported(type)) ?? null;
}

function browserSupports(type: string): boolean {
  const Recorder = recorderClass();
  try {
    return Boolean(Recorder?.isTypeSupported?.(type));
  } catch {
    return false;
  }
}

/** The recorder's options for `mime`: the keyframe interval for video. */
export function recorderOptions(mime: string): RecorderOptions {
  return mime.startsWith('video/') ? { mimeType: mime, videoKeyFrameIntervalDuration: KEYFRAME_INTERVAL_MS } : { mimeType: mime };
}

function mediaDevices(): MediaDevices | null {
  return globalThis.navigator?.mediaDevices ?? null;
}

/** True when the page may ask for the camera (a secure page in a browser that has it). */
export function canCapture(): boolean {
  return typeof mediaDevices()?.getUserMedia === 'function';
}

/**
 * Opens the camera and microphone (or the microphone alone) as asked: the chosen devices, 720p at 30 fps where the
 * camera gives it, portrait for a vertical stream.
 */
export async function openCapture({ audioOnly, cameraId, microphoneId, vertical }: CaptureRequest): Promise<MediaStream> {
  const devices = mediaDevices();
  if (!devices?.getUserMedia) throw new CaptureError('unsupported');
  const audio: MediaTrackConstraints = { echoCancellation: true, noiseSuppression: true, ...(microphoneId ? { deviceId: { exact: microphoneId } } : {}) };
  const video: MediaTrackConstraints | false = audioOnly
    ? false
    : {
        ...(cameraId ? { deviceId: { exact: cameraId } } : {}),
        width: { ideal: vertical ? 720 : 1280 },
        height: { ideal: vertical ? 1280 : 720 },
        frameRate: { ideal: 30, max: 30 },
      };
  try {
    return await devices.getUserMedia({ audio, video });
  } catch (error) {
    throw new CaptureError(captureProblem(error));
  }
}

/** The cameras and microphones there are. Their names show only once the page was allowed to use them. */
export async function listCaptureDevices(): Promise<CaptureDevices> {
  const devices = mediaDevices();
  if (!devices?.enumerateDevices) return { cameras: [], microphones: [] };
  let list: MediaDeviceInfo[];
  try {
    list = await devices.enumerateDevices();
  } catch {
    return { cameras: [], microphones: [] };
  }
  const named = (kind: MediaDeviceKind, fallback: string) =>
    list
      .filter((device) => device.kind === kind && device.deviceId !== '')
      .map((device, index) => ({ id: device.deviceId, label: device.label || `${fallback} ${index + 1}` }));
  return { cameras: named('videoinput', 'Camera'), microphones: named('audioinput', 'Microphone') };
}

/** Turns every track of `stream` off (the camera light goes out). */
export function stopCapture(stream: MediaStream | null): void {
  stream?.getTracks().forEach((track) => track.stop());
}

/** The id of the device a stream's track of `kind` reads from. */
export function deviceOf(stream: MediaStream, kind: 'audio' | 'video'): string | null {
  const track = kind === 'audio' ? stream.getAudioTracks()[0] : stream.getVideoTracks()[0];
  const id = track?.getSettings?.().deviceId;
  return typeof id === 'string' && id !== '' ? id : null;
}

export type CaptureProblem = 'unsupported' | 'denied' | 'missing' | 'busy' | 'failed';

export class CaptureError extends Error {
  constructor(readonly problem: CaptureProblem) {
    super(problem);
  }
}

function captureProblem(error: unknown): CaptureProblem {
  const name = error && typeof error === 'object' && 'name' in error ? String((error as { name: unknown }).name) : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'missing';
  if (name === 'NotReadableError' || name === 'AbortError') return 'busy';
  return 'failed';
}
