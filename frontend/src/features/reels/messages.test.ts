import { describe, expect, test } from '@jest/globals';
import { fileFacts } from '../../test/media';
import { REEL_MAX_BYTES, normalizeTags, reelFileProblem, reelLink, shownHashtags } from './messages';

describe('reel rules (seed 002 §5, §9)', () => {
  test('hashtags are trimmed, without #, lower-cased and de-duplicated', () => {
    expect(normalizeTags([' #Travel ', 'travel', 'SUN', '##sun', '', 'sea, Waves'])).toEqual(['travel', 'sun', 'sea', 'waves']);
  });

  test('a reel shows at most 5 hashtags', () => {
    expect(shownHashtags(['a', 'b', 'c', 'd', 'e', 'f', 'g'])).toEqual(['#a', '#b', '#c', '#d', '#e']);
    expect(shownHashtags(['one'])).toEqual(['#one']);
  });

  test('the file: required, a video, under 256MB, not empty', () => {
    expect(reelFileProblem(null)).toBe('Please select a video file');
    expect(reelFileProblem(fileFacts('notes.txt', 10, 'text/plain'))).toBe('Please select a valid video file');
    expect(reelFileProblem(fileFacts('big.mp4', REEL_MAX_BYTES + 1))).toBe('File size must be less than 256MB');
    expect(reelFileProblem(fileFacts('max.mp4', REEL_MAX_BYTES))).toBeNull();
    expect(reelFileProblem(fileFacts('empty.mp4', 0))).toBe('File cannot be empty');
    expect(reelFileProblem(fileFacts('phone.3gp', 10, 'video/3gpp'))).toBeNull();
  });

  test('share links are {origin}/reels/{id}', () => {
    expect(reelLink('https://scriven.example', 'abc')).toBe('https://scriven.example/reels/abc');
  });
});
