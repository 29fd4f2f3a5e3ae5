/** Texts of seed 002 (§5, §8) for videos, used verbatim. */
export const VIDEO_MESSAGES = {
  selectVideo: 'Please select a video file',
  titleRequired: 'Please enter a title',
  uploaded: 'Video uploaded successfully!',
  uploadFailed: (detail: string) => `Upload failed: ${detail}`,
  uploadFailedRetry: 'Upload failed. Please try again.',
  /** Seed 002 §5, Quick editor upload. */
  quickTooLarge: 'File too large. Use chunked upload for files over 1GB.',
  loadFailed: 'Failed to load videos',
  likeFailed: 'Failed to like video',
  /** A video opened by its id (a feed item, a notification) that the server does not show (404). */
  unavailable: 'This video is not available',
  loadOneFailed: 'This video could not be loaded',
  /** Home modal text (seed 002 §2.3, §9): shown, not enforced. */
  homeSizeHint: 'MP4, MOV, AVI up to 500MB',
} as const;

/** The quick editor upload refuses files over 1 GB (1e9 bytes, seed 002 §5, §9). */
export const QUICK_UPLOAD_MAX_BYTES = 1e9;
