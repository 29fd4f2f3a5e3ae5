/** What a file picker hands over, or what a test builds: only these fields are read. */
export interface FileFacts {
  name: string;
  type: string;
  size: number;
}

/** The video kinds of seed 002 §5 (Large video upload): MP4, AVI, MOV, MKV, WebM, by type or by extension. */
export const VIDEO_EXTENSIONS = ['.mp4', '.avi', '.mov', '.mkv', '.webm'] as const;
export const VIDEO_TYPES = [
  'video/mp4',
  'video/avi',
  'video/x-msvideo',
  'video/msvideo',
  'video/quicktime',
  'video/x-matroska',
  'video/webm',
] as const;

/** The `accept` attribute of the video file inputs. */
export const VIDEO_ACCEPT = [...VIDEO_TYPES, ...VIDEO_EXTENSIONS].join(',');

/** True for a file with a video type of the list, or one of the extensions (browsers often give .mkv no type). */
export function isVideoFile(file: Pick<FileFacts, 'name' | 'type'>): boolean {
  const name = file.name.toLowerCase();
  return (VIDEO_TYPES as readonly string[]).includes(file.type.toLowerCase()) || VIDEO_EXTENSIONS.some((ext) => name.endsWith(ext));
}

/** "holiday.final" for "holiday.final.mp4": the default title of an upload (seed 002 §5). */
export function nameWithoutExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(0, dot) : name;
}

/** The same kinds for a dropzone (react-dropzone wants MIME types with their extensions). */
export const VIDEO_DROPZONE_ACCEPT: Record<string, string[]> = {
  'video/*': [...VIDEO_EXTENSIONS],
};
