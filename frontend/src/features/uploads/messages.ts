import type { FileFacts } from '../media/videoFiles';
import { isVideoFile } from '../media/videoFiles';

/** Large upload maximum: 256GB (seed 002 §9). */
export const LARGE_UPLOAD_MAX_BYTES = 274_877_906_944;

/** Texts of seed 002 (§5 Large video upload, §8 Upload and video), used verbatim. */
export const UPLOAD_MESSAGES = {
  invalidType: 'Please select a valid video file (MP4, AVI, MOV, MKV, WebM)',
  tooLarge: 'File size exceeds maximum limit of 256GB',
  emptyFile: 'File cannot be empty',
  fileAndTitleRequired: 'Please select a file and enter a title',
  initFailed: (detail: string) => `Failed to initialize upload: ${detail}`,
  completeFailed: (detail: string) => `Failed to complete upload: ${detail}`,
  uploadFailed: (detail: string) => `Upload failed: ${detail}`,
  uploadFailedRetry: 'Upload failed. Please try again.',
  uploaded: 'Video uploaded successfully!',
  /** The seed names this message without its words: an upload initialised, with its chunk count. */
  initialized: (chunks: number) => `Upload initialized: ${chunks} ${chunks === 1 ? 'chunk' : 'chunks'} to send`,
  /** A chunk the server could not take yet (429 with Retry-After): the upload waits, then sends it again. */
  waiting: (reason: 'busy' | 'rate_limited', chunk: number, total: number, seconds: number) =>
    `${reason === 'busy' ? 'The server is busy with this upload' : 'Too many requests from this address'}: ` +
    `chunk ${chunk} of ${total} will be sent again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}…`,
  /** When the server gives no detail (no answer, or a proxy's error page). */
  noDetail: 'the server did not answer. Please try again.',
} as const;

/** The sentence that refuses `file` for a large upload (seed 002 §5), or null when it may be uploaded. */
export function largeUploadProblem(file: FileFacts): string | null {
  if (!isVideoFile(file)) return UPLOAD_MESSAGES.invalidType;
  if (file.size > LARGE_UPLOAD_MAX_BYTES) return UPLOAD_MESSAGES.tooLarge;
  if (file.size === 0) return UPLOAD_MESSAGES.emptyFile;
  return null;
}
