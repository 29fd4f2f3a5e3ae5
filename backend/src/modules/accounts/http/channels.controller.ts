import { Controller, Get, Param, Req, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { OptionalUserAuthGuard } from '../../../common/auth/optional-user.guard.js';
import type { Principal } from '../../../common/auth/principal.js';
import { ErrorResponseDto } from '../../../common/http/error-response.dto.js';
import { ChannelPageQuery } from '../application/channel-page.query.js';
import { ChannelDto } from './accounts.dto.js';
import { toChannelResponse } from './accounts.mapper.js';

type Req = Request & { user?: Principal | null };

/**
 * Channel pages (/c/:handle in the app), open to visitors. Its videos and reels tabs are the catalog's
 * (GET /api/channels/{handle}/videos and /reels); memberships use the account id (/api/channels/{channelId}/…).
 */
@ApiTags('channels')
@Controller('api/channels')
export class ChannelsController {
  constructor(private readonly channels: ChannelPageQuery) {}

  /** A channel by its handle, in any case. Counts hold only what the caller may see. */
  @Get(':handle')
  @UseGuards(OptionalUserAuthGuard)
  @ApiBearerAuth()
  @ApiResponse({ status: 200, type: ChannelDto })
  @ApiResponse({ status: 401, type: ErrorResponseDto, description: 'A token that is not a valid user token' })
  @ApiResponse({ status: 404, type: ErrorResponseDto, description: "No such handle, not a handle at all, or a private channel that is not the caller's" })
  async getChannel(@Param('handle') handle: string, @Req() req: Req): Promise<ChannelDto> {
    return toChannelResponse(await this.channels.execute(handle, req.user?.userId ?? null));
  }
}
