import { ApiProperty } from '@nestjs/swagger';
import { VideoResponseDto } from './catalog.dto.js';

export class ContinueWatchingItemDto {
  video: VideoResponseDto;
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
  /** Videos the signed-in viewer stopped part-way through, most recent first (empty for visitors). */
  @ApiProperty({ type: [ContinueWatchingItemDto] })
  continue_watching: ContinueWatchingItemDto[];
}
