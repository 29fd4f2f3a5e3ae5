import { ApiProperty } from '@nestjs/swagger';
import { VideoResponseDto } from './catalog.dto.js';

export class ContinueWatchingItemDto {
  /** The video or movie (a movie's stream_url and hls_url are its own /api/movies routes). */
  video: VideoResponseDto;
  /** What the item is: its page is /videos/{id} or /movies/{id}. */
  @ApiProperty({ enum: ['video', 'movie'] })
  kind: 'video' | 'movie';
  /** Where the viewer stopped, in whole seconds from the start. */
  @ApiProperty({ type: 'integer' })
  position_seconds: number;
}

/** Home's sections; New and Shorts are the paged lists of GET /api/videos and GET /api/reels. */
export class HomeResponseDto {
  /** The newest videos of the channels the signed-in viewer follows (empty for visitors). */
  @ApiProperty({ type: [VideoResponseDto] })
  following: VideoResponseDto[];
  /** Most viewed in the last 48 hours, each view weighted by how much of the video was watched. */
  @ApiProperty({ type: [VideoResponseDto] })
  trending: VideoResponseDto[];
  /** Videos and movies the signed-in viewer stopped part-way through, most recent first (empty for visitors). */
  @ApiProperty({ type: [ContinueWatchingItemDto] })
  continue_watching: ContinueWatchingItemDto[];
}
