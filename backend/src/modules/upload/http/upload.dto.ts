import { ApiProperty } from '@nestjs/swagger';
import { Allow, IsBoolean, IsInt, IsOptional, Length, Max, MaxLength, Min, type ValidationArguments } from 'class-validator';
import { BooleanText, Trimmed, WholeNumberText, lengthMessage } from '../../../common/http/dto-rules.js';
import { MAX_UPLOAD_BYTES, UPLOAD_LIMITS, UPLOAD_MESSAGES } from '../domain/upload-session.js';

/** The size's message: not a whole number of bytes, empty, or too large. */
const sizeMessage = ({ value }: ValidationArguments) =>
  typeof value !== 'number' || !Number.isInteger(value) || value < 0 ? UPLOAD_MESSAGES.size : value === 0 ? UPLOAD_MESSAGES.empty : UPLOAD_MESSAGES.tooLarge;

/** JSON, or a form (urlencoded or multipart) whose values are text: numbers and yes/no as their canonical text. */
export class InitUploadRequestDto {
  /** The file's name, 1-255 characters. */
  @Trimmed()
  @Length(1, UPLOAD_LIMITS.filename, { message: lengthMessage(UPLOAD_MESSAGES.fileAndTitle, UPLOAD_MESSAGES.filenameLength) })
  filename: string;

  /** Bytes, 1 to 274877906944 (256 GiB); in a form, as digits. */
  @ApiProperty({ type: 'integer' })
  @WholeNumberText()
  @Max(MAX_UPLOAD_BYTES, { message: sizeMessage })
  @Min(1, { message: sizeMessage })
  @IsInt({ message: sizeMessage })
  total_size: number;

  /** Required, at most 200 characters (spaces around it are dropped). */
  @Trimmed()
  @Length(1, UPLOAD_LIMITS.title, { message: lengthMessage(UPLOAD_MESSAGES.fileAndTitle, UPLOAD_MESSAGES.titleLength) })
  title: string;

  /** At most 5000 characters. */
  @IsOptional()
  @Trimmed()
  @MaxLength(UPLOAD_LIMITS.description, { message: UPLOAD_MESSAGES.descriptionLength })
  description?: string;

  /** Default false; in a form, true or false (also 1/0, on/off). */
  @IsOptional()
  @BooleanText()
  @IsBoolean({ message: UPLOAD_MESSAGES.flag('is_vertical') })
  is_vertical?: boolean;

  /** Creator program members only (403 otherwise); default false. */
  @IsOptional()
  @BooleanText()
  @IsBoolean({ message: UPLOAD_MESSAGES.flag('monetization_enabled') })
  monetization_enabled?: boolean;
}

/**
 * One chunk as a multipart form: chunk_index first, then the bytes as `file` (or `chunk`). The index may come in the
 * query string instead.
 */
export class ChunkFormDto {
  /** The chunk's index, 0 to total_chunks - 1, as digits. */
  @ApiProperty({ type: 'integer', required: false })
  @IsOptional()
  @WholeNumberText()
  @Min(0, { message: UPLOAD_MESSAGES.index })
  @IsInt({ message: UPLOAD_MESSAGES.index })
  chunk_index?: number;

  /** Exactly chunk_size bytes (the last chunk: the rest). */
  @ApiProperty({ type: 'string', format: 'binary' })
  @Allow()
  file: unknown;
}

export class UploadSessionDto {
  session_id: string;
  /** The same as session_id. */
  upload_id: string;
  filename: string;
  title: string;
  total_size: number;
  chunk_size: number;
  total_chunks: number;
  /** Indexes of the chunks received so far, to resume after a reload or a restart. */
  uploaded_chunks: number[];
  @ApiProperty({ enum: ['active', 'completed', 'cancelled', 'expired'] })
  status: 'active' | 'completed' | 'cancelled' | 'expired';
  video_id: string | null;
  expires_at: string;
}

export class ChunkReceivedDto {
  session_id: string;
  chunk_index: number;
  /** How many chunks have arrived. */
  uploaded_chunks: number;
  total_chunks: number;
}
