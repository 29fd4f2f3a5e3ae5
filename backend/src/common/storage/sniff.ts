export type ImageType = 'jpeg' | 'png' | 'gif' | 'webp';

/** The image type a file's first bytes declare (at least 12 bytes), whatever its name says; null when none. */
export function sniffImage(head: Uint8Array): ImageType | null {
  const b = head;
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (b.length >= 8 && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47 && b[4] === 0x0d && b[5] === 0x0a && b[6] === 0x1a && b[7] === 0x0a) return 'png';
  const ascii = (from: number, to: number) => String.fromCharCode(...b.subarray(from, to));
  if (b.length >= 6 && (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a')) return 'gif';
  if (b.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  return null;
}

export type VideoContainer = 'mp4' | 'mov' | 'webm' | 'mkv' | 'avi';

export const VIDEO_CONTENT_TYPES: Record<VideoContainer, string> = {
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  mkv: 'video/x-matroska',
  avi: 'video/x-msvideo',
};

/** The video container a file's first bytes declare (at least 16 bytes, ideally 64), or null. */
export function sniffVideo(head: Uint8Array): VideoContainer | null {
  const b = head;
  const ascii = (from: number, to: number) => String.fromCharCode(...b.subarray(from, Math.min(to, b.length)));
  // ISO base media (MP4, MOV): a box size then 'ftyp', or a QuickTime file starting with moov/mdat/wide/free/skip.
  if (b.length >= 12 && ascii(4, 8) === 'ftyp') return ascii(8, 12).startsWith('qt') ? 'mov' : 'mp4';
  if (b.length >= 8 && ['moov', 'mdat', 'wide', 'free', 'skip', 'pnot'].includes(ascii(4, 8))) return 'mov';
  // Matroska and WebM: the EBML magic; the doctype tells them apart.
  if (b.length >= 4 && b[0] === 0x1a && b[1] === 0x45 && b[2] === 0xdf && b[3] === 0xa3) return ascii(0, Math.min(b.length, 64)).includes('webm') ? 'webm' : 'mkv';
  if (b.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'AVI ') return 'avi';
  return null;
}
