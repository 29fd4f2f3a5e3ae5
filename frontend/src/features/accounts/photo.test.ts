import { describe, expect, test } from '@jest/globals';
import { PHOTO_MAX_BYTES, photoProblem } from './photo';

describe('profile photo rules', () => {
  test('JPG, PNG, GIF and WebP up to exactly 10485760 bytes pass', () => {
    expect(PHOTO_MAX_BYTES).toBe(10_485_760);
    for (const type of ['image/jpeg', 'image/png', 'image/gif', 'image/webp']) {
      expect(photoProblem({ type, size: PHOTO_MAX_BYTES })).toBeNull();
    }
  });

  test('one byte more, or any other type, is refused with the seed text', () => {
    expect(photoProblem({ type: 'image/png', size: PHOTO_MAX_BYTES + 1 })).toBe('File size must be less than 10MB');
    for (const type of ['image/svg+xml', 'image/heic', 'application/pdf', 'text/plain', '']) {
      expect(photoProblem({ type, size: 10 })).toBe('Please select an image file');
    }
  });
});
