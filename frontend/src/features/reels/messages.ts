import type { FileFacts } from '../media/videoFiles';
import { isVideoFile } from '../media/videoFiles';

/** Reel maximum: 256MB (seed 002 §9). */
export const REEL_MAX_BYTES = 268_435_456;
export const REEL_TITLE_MAX = 100;
export const REEL_DESCRIPTION_MAX = 500;
export const REEL_COMMENT_MAX = 500;
/** A reel shows at most this many hashtags (seed 002 §2.6, §9). */
export const REEL_MAX_HASHTAGS = 5;
/** The length advised for a reel (seed 002 §5, §9). */
export const REEL_ADVISED_SECONDS = 60;

/** Texts of seed 002 (§4, §5, §8) for reels, used verbatim. */
export const REEL_MESSAGES = {
  selectVideo: 'Please select a video file',
  invalidType: 'Please select a valid video file',
  tooLarge: 'File size must be less than 256MB',
  emptyFile: 'File cannot be empty',
  titleRequired: 'Please enter a title',
  titleTooLong: 'Title must be at most 100 characters',
  descriptionTooLong: 'Description must be at most 500 characters',
  uploadFailed: 'Failed to upload reel',
  uploaded: 'Reel uploaded successfully!',
  loadFailed: 'Failed to load reels',
  likeFailed: 'Failed to like reel',
  commentFailed: 'Failed to post comment',
  commentEmpty: 'Comment cannot be empty',
  commentTooLong: 'Comment must be at most 500 characters',
  commentsLoadFailed: 'Comments could not be loaded. These are sample comments.',
  linkCopied: 'Link copied to clipboard!',
  linkCopyFailed: (link: string) => `Could not copy the link: ${link}`,
  noReels: 'No reels available to watch',
  /** A shared link whose reel the server does not show (404: unknown, removed, or not visible to this viewer). */
  unavailable: 'This reel is not available',
  unavailableHint: 'It may have been removed or made private, or the link may be incomplete.',
  linkLoadFailed: 'This reel could not be loaded',
  linkLoadFailedHint: 'Check your connection and try again.',
  durationHint: `Keep it short: ${REEL_ADVISED_SECONDS} seconds or less works best.`,
  sampleNotice: 'These are built-in sample reels: nothing could be loaded from the server yet.',
  sampleLike: 'Sample reels cannot be liked',
  sampleComments: 'Sample reels have no comments',
  sampleShare: 'Sample reels have no link to share',
  samplePlay: 'Sample reels have no video to play',
  sampleSound: 'Sample reels have no sound',
  moreCommentsFailed: 'More comments could not be loaded. Please try again.',
  signInToLike: 'Sign in to like reels',
} as const;

/** The sentence that refuses a reel's file (seed 002 §5), or null. */
export function reelFileProblem(file: FileFacts | null): string | null {
  if (!file) return REEL_MESSAGES.selectVideo;
  if (!isVideoFile(file) && !file.type.toLowerCase().startsWith('video/')) return REEL_MESSAGES.invalidType;
  if (file.size > REEL_MAX_BYTES) return REEL_MESSAGES.tooLarge;
  if (file.size === 0) return REEL_MESSAGES.emptyFile;
  return null;
}

/** Hashtags as they are stored (seed 002 §5): trimmed, without '#', lower-cased, de-duplicated, blanks dropped. */
export function normalizeTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  for (const raw of tags) {
    for (const part of raw.split(/[\s,]+/)) {
      const tag = part.trim().replace(/^#+/, '').toLowerCase();
      if (tag) seen.add(tag);
    }
  }
  return [...seen];
}

/** The hashtags a reel shows: at most 5 (seed 002 §2.6). */
export function shownHashtags(tags: readonly string[]): string[] {
  return tags.slice(0, REEL_MAX_HASHTAGS).map((tag) => `#${tag}`);
}

/** The address a reel is shared with (seed 002 §2.1). */
export function reelLink(origin: string, id: string): string {
  return `${origin}/reels/${id}`;
}
