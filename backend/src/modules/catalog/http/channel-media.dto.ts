import { IsIn, IsOptional } from 'class-validator';
import { EmptyAsAbsent } from '../../../common/http/dto-rules.js';
import { PageQueryDto } from '../../../common/http/page-query.dto.js';
import { CHANNEL_SORTS } from '../domain/channel-media.port.js';

/** A channel's videos or reels tab: the order, `limit` (default 20, at most 100) and `cursor`. */
export class ChannelMediaQueryDto extends PageQueryDto {
  /** newest (the default) or popular (most viewed first). A cursor belongs to the order it came from. */
  @IsOptional()
  @EmptyAsAbsent()
  @IsIn(CHANNEL_SORTS, { message: 'sort must be newest or popular' })
  sort?: 'newest' | 'popular';
}
