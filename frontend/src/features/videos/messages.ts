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
  /** The same hint as a shared reel's (`/reels/:id`) when a shared video link (`/videos/:id`) shows nothing. */
  unavailableHint: 'It may have been removed or made private, or the link may be incomplete.',
  loadOneFailed: 'This video could not be loaded',
  loadOneFailedHint: 'Check your connection and try again.',
  /** Share on a video card: the same wording as the reels' and movies' share. */
  linkCopied: 'Link copied to clipboard!',
  linkCopyFailed: (link: string) => `Could not copy the link: ${link}`,
  /** Likes and watch time are for signed-in users; a visitor on a shared link is told why Like is off. */
  signInToLike: 'Sign in to like videos',
  /** Home modal text (seed 002 §2.3, §9): shown, not enforced. */
  homeSizeHint: 'MP4, MOV, AVI up to 500MB',
} as const;

/** The quick editor upload refuses files over 1 GB (1e9 bytes, seed 002 §5, §9). */
export const QUICK_UPLOAD_MAX_BYTES = 1e9;

/** The address a video is shared with (`/videos/:id`, PATHS.video). */
export function videoLink(origin: string, id: string): string {
  return `${origin}/videos/${id}`;
}
