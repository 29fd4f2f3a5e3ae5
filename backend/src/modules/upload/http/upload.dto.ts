import { ApiProperty } from '@nestjs/swagger';
import { Allow } from 'class-validator';

export class InitUploadRequestDto {
  @Allow() filename: string;
  /** Bytes, up to 274877906944 (256 GiB). */
  @Allow() total_size: number;
  @Allow() title: string;
  @Allow() description?: string;
  @Allow() is_vertical?: boolean;
  @Allow() monetization_enabled?: boolean;
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
