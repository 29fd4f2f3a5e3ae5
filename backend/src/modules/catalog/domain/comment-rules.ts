import { CommentEmpty, CommentTooLong } from './catalog.errors.js';
import { COMMENT_MAX } from './comment.js';

/** A comment's text: trimmed, not blank, at most COMMENT_MAX characters. */
export function commentText(content: unknown): string {
  const text = typeof content === 'string' ? content.trim() : '';
  if (!text) throw CommentEmpty();
  if (text.length > COMMENT_MAX) throw CommentTooLong();
  return text;
}
