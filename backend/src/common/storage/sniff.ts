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

export type AudioContainer = 'mp3' | 'aac' | 'm4a' | 'flac' | 'ogg' | 'wav' | 'weba' | 'mka';

export const AUDIO_CONTENT_TYPES: Record<AudioContainer, string> = {
  mp3: 'audio/mpeg',
  aac: 'audio/aac',
  m4a: 'audio/mp4',
  flac: 'audio/flac',
  ogg: 'audio/ogg',
  wav: 'audio/wav',
  /** WebM and Matroska holding sound only (judged by their track types, not their first bytes). */
  weba: 'audio/webm',
  mka: 'audio/x-matroska',
};

/** Lossless containers (a web rendition is made of them). */
export const LOSSLESS_AUDIO: readonly string[] = ['flac', 'wav'];

/** Audio containers players get a web rendition (AAC) of: the lossless ones, and Matroska audio, which browsers do not play. */
export const AUDIO_NEEDING_RENDITION: readonly string[] = [...LOSSLESS_AUDIO, 'mka'];

/** What a video container holding sound only is, as audio: an MP4/MOV is an M4A, a WebM a WebM audio file, an MKV an MKA. */
export const AUDIO_ONLY_LABEL: Partial<Record<VideoContainer, AudioContainer>> = { mp4: 'm4a', mov: 'm4a', webm: 'weba', mkv: 'mka' };

/**
 * The audio container a file's first bytes declare, or null: MP3 (an ID3 tag or an MPEG audio frame sync), AAC ADTS,
 * M4A (ISO base media whose brand is M4A/M4B/M4P: audio only), FLAC, Ogg and WAV (RIFF WAVE).
 */
export function sniffAudio(head: Uint8Array): AudioContainer | null {
  const b = head;
  const ascii = (from: number, to: number) => String.fromCharCode(...b.subarray(from, Math.min(to, b.length)));
  if (b.length >= 3 && ascii(0, 3) === 'ID3') return 'mp3';
  // ADTS: 12 sync bits, layer 00.
  if (b.length >= 2 && b[0] === 0xff && (b[1] & 0xf6) === 0xf0) return 'aac';
  // MPEG audio frame: 11 sync bits, a version other than reserved (01), a layer other than reserved (00).
  if (b.length >= 3 && b[0] === 0xff && (b[1] & 0xe0) === 0xe0 && (b[1] & 0x18) !== 0x08 && (b[1] & 0x06) !== 0 && (b[2] & 0xf0) !== 0xf0) return 'mp3';
  if (b.length >= 4 && ascii(0, 4) === 'fLaC') return 'flac';
  if (b.length >= 4 && ascii(0, 4) === 'OggS') return 'ogg';
  if (b.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WAVE') return 'wav';
  if (b.length >= 12 && ascii(4, 8) === 'ftyp' && ['M4A ', 'M4B ', 'M4P '].includes(ascii(8, 12))) return 'm4a';
  return null;
}

/**
 * Which kinds of track an ISO base media file (MP4, M4A, MOV) holds, from its handler boxes ('hdlr' … 'vide'/'soun')
 * found in the bytes given (its start and its end: the 'moov' box is at one of them); null when none was found there.
 */
export function isoTrackKinds(...chunks: Uint8Array[]): { video: boolean; audio: boolean } | null {
  let video = false;
  let audio = false;
  let found = false;
  for (const c of chunks) {
    const b = Buffer.from(c.buffer, c.byteOffset, c.byteLength);
    for (let i = b.indexOf('hdlr', 0, 'latin1'); i >= 0 && i + 16 <= b.length; i = b.indexOf('hdlr', i + 4, 'latin1')) {
      const handler = b.toString('latin1', i + 12, i + 16);
      if (handler === 'vide') video = found = true;
      else if (handler === 'soun') audio = found = true;
    }
  }
  return found ? { video, audio } : null;
}

/** An EBML variable-length integer at `i`: its value (the length marker kept for ids) and its length; null past the end. */
function vint(b: Uint8Array, i: number, keepMarker: boolean): { value: number; length: number; unknown: boolean } | null {
  if (i >= b.length) return null;
  const first = b[i];
  let length = 1;
  while (length <= 8 && !(first & (0x80 >> (length - 1)))) length++;
  if (length > 8 || i + length > b.length) return null;
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let k = 1; k < length; k++) {
    value = value * 256 + b[i + k];
    if (b[i + k] !== 0xff) allOnes = false;
  }
  return { value, length, unknown: !keepMarker && allOnes };
}

const EBML_IDS = { segment: 0x18538067, tracks: 0x1654ae6b, trackEntry: 0xae, trackType: 0x83, cluster: 0x1f43b675 } as const;

/**
 * Which kinds of track a Matroska or WebM file holds, from the TrackType of each TrackEntry in its Tracks element (found
 * in the bytes given, the file's start, before the first Cluster); null when the Tracks element is not wholly there.
 */
export function matroskaTrackKinds(head: Uint8Array): { video: boolean; audio: boolean } | null {
  let video = false;
  let audio = false;
  let found = false;
  // Walks the elements of [from, to) at one nesting level: Segment (0) → Tracks (1) → TrackEntry (2) → TrackType (3);
  // each is entered only at its own level, and the Tracks element counts only when all of it is in the bytes read
  // (a track beyond them could be a video).
  const walk = (from: number, to: number, depth: number): boolean => {
    let i = from;
    while (i < to) {
      const id = vint(head, i, true);
      if (!id) return false;
      const size = vint(head, i + id.length, false);
      if (!size) return false;
      const start = i + id.length + size.length;
      const end = size.unknown ? to : Math.min(to, start + size.value);
      if (id.value === EBML_IDS.cluster) return false;
      if (id.value === EBML_IDS.tracks && depth === 1) {
        if (size.unknown || start + size.value > head.length) return false;
        found = true;
        walk(start, end, 2);
        return false;
      }
      if ((id.value === EBML_IDS.segment && depth === 0) || (id.value === EBML_IDS.trackEntry && depth === 2)) {
        if (!walk(start, end, depth + 1)) return false;
      } else if (id.value === EBML_IDS.trackType && depth === 3 && size.value === 1 && start < head.length) {
        const type = head[start];
        if (type === 1) video = true;
        else if (type === 2) audio = true;
      }
      if (size.unknown) return false;
      i = start + size.value;
    }
    return true;
  };
  walk(0, head.length, 0);
  return found ? { video, audio } : null;
}
