import type { CaptureProblem } from './media';

/** What the Go Live and My Stream tabs say beyond the seed's own texts (those are LIVE_MESSAGES). */
export const STUDIO_MESSAGES = {
  capture: {
    unsupported: 'This browser cannot use a camera on this page (it needs https). Stream from OBS instead.',
    denied: 'Camera and microphone access was refused. Allow it in the browser’s address bar, or stream from OBS instead.',
    missing: 'No camera or microphone was found. Connect one, or stream from OBS instead.',
    busy: 'The camera or microphone is in use by another app. Close it and try again.',
    failed: 'The camera or microphone could not be opened. Try again, or stream from OBS instead.',
  } satisfies Record<CaptureProblem, string>,
  noRecorder: 'This browser cannot record the camera for live streaming. Stream from OBS instead.',
  ingest: {
    connecting: 'Connecting…',
    live: 'Live',
    reconnecting: 'Reconnecting…',
    ended: 'Stopped',
    lost: 'The connection to the server was lost for 30 seconds. Press Send camera again to continue.',
    tooSlow: 'Your connection is too slow to send this video: it fell too far behind, so sending stopped. Try Audio Only, or stream from OBS.',
    /** By close code (CONTRACT), when the server's error message did not come first. */
    byCode: {
      4401: 'Your session has expired. Sign in again to go live.',
      4403: 'This is not your stream.',
      4404: 'This stream has ended or does not exist.',
      4415: 'The server cannot take this browser’s video format. Stream from OBS instead.',
      4409: 'Another browser window took over this stream.',
      4503: 'Streaming from the browser is off on this server. Stream from OBS instead.',
      1009: 'The browser sent more than the server takes at once.',
      1008: 'The server stopped this stream: it was sending too fast.',
    } as Record<number, string>,
  },
  keyCopied: 'Stream key copied',
  serverCopied: 'Server URL copied',
  copyFailed: 'Could not copy: select the text and copy it yourself',
  keyRegenerated: 'New stream key made: update it in OBS',
  keyRegenerateFailed: (detail: string) => `Failed to regenerate the stream key: ${detail}`,
  keyLoadFailed: 'Could not load your stream key.',
  rtmpOff: 'OBS streaming is off on this server (no RTMP port). Go live from the browser instead.',
} as const;
