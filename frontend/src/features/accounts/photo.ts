/** Profile photo rules of seed 000 §5 and §9, checked before anything is sent. */
export const PHOTO_MAX_BYTES = 10_485_760;

/** JPG, PNG, GIF and WebP (product.md §3); the server checks the bytes, this checks the type the browser reports. */
export const PHOTO_ACCEPT: Record<string, string[]> = {
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/png': ['.png'],
  'image/gif': ['.gif'],
  'image/webp': ['.webp'],
};

export const PHOTO_MESSAGES = {
  notAnImage: 'Please select an image file',
  tooLarge: 'File size must be less than 10MB',
} as const;

/** The sentence that refuses `file`, or null when it may be uploaded. */
export function photoProblem(file: { type: string; size: number }): string | null {
  if (!Object.hasOwn(PHOTO_ACCEPT, file.type)) return PHOTO_MESSAGES.notAnImage;
  if (file.size > PHOTO_MAX_BYTES) return PHOTO_MESSAGES.tooLarge;
  return null;
}
