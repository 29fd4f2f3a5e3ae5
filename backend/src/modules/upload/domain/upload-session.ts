import { noSpace } from '../../../common/errors/no-space.js';
import { randomUUID } from 'node:crypto';
import { DomainError, ValidationError, type FieldProblem } from '../../../common/errors/domain-error.js';

export const MAX_UPLOAD_BYTES = 274_877_906_944; // 256 GiB
export const SESSION_IDLE_HOURS = 24;

export type SessionStatus = 'active' | 'completed' | 'cancelled' | 'expired';

export const UPLOAD_LIMITS = { filename: 255, title: 200, description: 5000 } as const;

export const UPLOAD_MESSAGES = {
  fileAndTitle: 'Please select a file and enter a title',
  filenameLength: `The file name must be at most ${UPLOAD_LIMITS.filename} characters`,
  titleLength: `Title must be at most ${UPLOAD_LIMITS.title} characters`,
  descriptionLength: `Description must be at most ${UPLOAD_LIMITS.description} characters`,
  size: 'total_size must be a whole number of bytes',
  empty: 'File cannot be empty',
  tooLarge: 'File size exceeds maximum limit of 256GB',
  flag: (field: string) => `${field} must be true or false`,
  index: 'chunk_index must be a whole number',
} as const;

export const UploadErrors = {
  notFound: () => new DomainError('not_found', 'UPLOAD.NOT_FOUND', 'Upload session not found'),
  expired: () => new DomainError('gone', 'UPLOAD.EXPIRED', 'This upload session has expired'),
  cancelled: () => new DomainError('gone', 'UPLOAD.CANCELLED', 'This upload was cancelled'),
  completed: () => new DomainError('conflict', 'UPLOAD.COMPLETED', 'This upload is already complete'),
  badIndex: (total: number) => new DomainError('invalid', 'UPLOAD.BAD_INDEX', `chunk_index must be a whole number from 0 to ${total - 1}`),
  badSize: (expected: number) => new DomainError('invalid', 'UPLOAD.BAD_CHUNK_SIZE', `This chunk must be exactly ${expected} bytes`),
  noChunk: () => new DomainError('invalid', 'UPLOAD.NO_CHUNK', 'Send chunk_index, then the chunk as the file field'),
  notVideo: () => new DomainError('invalid', 'UPLOAD.NOT_A_VIDEO', 'Please select a valid video file (MP4, AVI, MOV, MKV, WebM)'),
  incomplete: (missing: number) => new DomainError('invalid', 'UPLOAD.INCOMPLETE', `Upload is incomplete: ${missing} chunk${missing === 1 ? '' : 's'} missing`),
  tooMany: () => new DomainError('rate_limited', 'UPLOAD.TOO_MANY', 'You have too many uploads in progress. Finish or cancel one first.'),
  noSpace,
  stalled: () => new DomainError('invalid', 'UPLOAD.STALLED', 'The chunk stopped arriving; send it again'),
  busy: () => new DomainError('rate_limited', 'UPLOAD.BUSY', 'Too many chunks of this upload are being sent at once', undefined, 1),
  finishing: () => new DomainError('conflict', 'UPLOAD.FINISHING', 'This upload is being completed or cancelled'),
};

/** A large video arriving in chunks: each is written at its offset; the session remembers which have arrived. */
export class UploadSession {
  id: string = randomUUID();
  userId: string;
  filename: string;
  title: string;
  description: string | null = null;
  isVertical = false;
  monetizationEnabled = false;
  totalSize: number;
  chunkSize: number;
  totalChunks: number;
  receivedCount = 0;
  /** One bit per chunk (bit n%8, least significant first, of byte n/8). */
  received: Buffer;
  container: string | null = null;
  status: SessionStatus = 'active';
  videoId: string | null = null;
  createdAt: Date = new Date();
  lastActivityAt: Date = new Date();

  static start(userId: string, input: Record<string, unknown>, chunkSize: number): UploadSession {
    const problems: FieldProblem[] = [];
    const filename = typeof input.filename === 'string' ? input.filename.trim() : '';
    const title = typeof input.title === 'string' ? input.title.trim() : '';
    // A number, or its canonical decimal text (a form's): never "1e3", " 50", "0x10", "" or [1000].
    const raw = input.total_size;
    const size = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
    if (!filename || !title) problems.push({ field: !filename ? 'filename' : 'title', message: UPLOAD_MESSAGES.fileAndTitle });
    else if (filename.length > UPLOAD_LIMITS.filename) problems.push({ field: 'filename', message: UPLOAD_MESSAGES.filenameLength });
    else if (title.length > UPLOAD_LIMITS.title) problems.push({ field: 'title', message: UPLOAD_MESSAGES.titleLength });
    if (!problems.length) {
      if (!Number.isSafeInteger(size) || size < 0) problems.push({ field: 'total_size', message: UPLOAD_MESSAGES.size });
      else if (size === 0) problems.push({ field: 'total_size', message: UPLOAD_MESSAGES.empty });
      else if (size > MAX_UPLOAD_BYTES) problems.push({ field: 'total_size', message: UPLOAD_MESSAGES.tooLarge });
    }
    const description = typeof input.description === 'string' ? input.description.trim() : '';
    if (description.length > UPLOAD_LIMITS.description) problems.push({ field: 'description', message: UPLOAD_MESSAGES.descriptionLength });
    if (problems.length) throw new ValidationError(problems);
    const s = new UploadSession();
    s.userId = userId;
    s.filename = filename;
    s.title = title;
    s.description = description || null;
    s.isVertical = flag(input.is_vertical);
    s.monetizationEnabled = flag(input.monetization_enabled);
    s.totalSize = size;
    s.chunkSize = chunkSize;
    s.totalChunks = Math.ceil(size / chunkSize);
    s.received = Buffer.alloc(Math.ceil(s.totalChunks / 8));
    return s;
  }

  get expiresAt(): Date {
    return new Date(this.lastActivityAt.getTime() + SESSION_IDLE_HOURS * 3600_000);
  }

  /** Throws unless chunks may still be sent. */
  assertWritable(now = new Date()): void {
    if (this.status === 'completed') throw UploadErrors.completed();
    if (this.status === 'cancelled') throw UploadErrors.cancelled();
    if (this.status === 'expired' || now > this.expiresAt) throw UploadErrors.expired();
  }

  offsetOf(index: number): number {
    return index * this.chunkSize;
  }

  lengthOf(index: number): number {
    return index === this.totalChunks - 1 ? this.totalSize - this.chunkSize * (this.totalChunks - 1) : this.chunkSize;
  }

  checkIndex(raw: unknown): number {
    const n = typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : typeof raw === 'number' ? raw : NaN;
    if (!Number.isInteger(n) || n < 0 || n >= this.totalChunks) throw UploadErrors.badIndex(this.totalChunks);
    return n;
  }

  receivedIndexes(): number[] {
    const out: number[] = [];
    for (let i = 0; i < this.totalChunks; i++) if (this.received[i >> 3] & (1 << (i & 7))) out.push(i);
    return out;
  }
}

function flag(v: unknown): boolean {
  return v === true || v === 'true' || v === '1' || v === 'on';
}
