import { Controller, Post, Req, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiConsumes, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { CurrentPrincipal, UserAuthGuard } from '../../../common/auth/guards.js';
import type { Principal } from '../../../common/auth/principal.js';
import { RequiresFeature } from '../../../common/features/requires-feature.js';
import { ActionLimiter } from '../../../common/http/action-limiter.js';
import { ErrorResponseDto } from '../../../common/http/error-response.dto.js';
import { formDto } from '../../../common/http/validate-dto.js';
import { StartSuperChatCheckoutUseCase } from '../application/start-super-chat-checkout.use-case.js';
import { siteOrigins } from './money-http.js';
import { CheckoutResponseDto, SendSuperChatRequestDto } from './monetization.dto.js';

/** Viewers: Super Chat checkout (payments reports the session's status and fulfils it; live shows it). */
@ApiTags('monetization')
@RequiresFeature('live', 'super_chat')
@Controller('api/super-chat')
export class SuperChatController {
  constructor(private readonly checkout: StartSuperChatCheckoutUseCase) {}

  /** Each checkout writes a session and calls the provider: 10 a minute per user. */
  private readonly checkouts = new ActionLimiter(10, 60_000, 'Too many Super Chats started. Please wait a minute.');

  /**
   * Starts a Super Chat checkout; send the browser to `url`. Once paid, the Super Chat appears in the stream's chat
   * for everyone (pinned for a time that grows with the package), 80% of it goes to the streamer and 20% to the
   * platform, and the streamer is notified. The provider returns to `origin_url?session_id=…&type=super_chat`
   * (GET /api/payments/status/{session_id} reports the payment).
   */
  @Post('send')
  @UseGuards(UserAuthGuard)
  @ApiBearerAuth()
  @ApiConsumes('application/json', 'application/x-www-form-urlencoded', 'multipart/form-data')
  @ApiBody({ type: SendSuperChatRequestDto })
  @ApiResponse({ status: 201, type: CheckoutResponseDto })
  @ApiResponse({
    status: 400,
    type: ErrorResponseDto,
    description: "'Please enter a message', 'Super Chat messages can be at most 200 characters', 'package_id must be one of small, medium, large, mega', a bad origin_url",
  })
  @ApiResponse({ status: 401, type: ErrorResponseDto })
  @ApiResponse({ status: 403, type: ErrorResponseDto, description: "'Super Chat is not enabled for this stream' (SUPER_CHAT.DISABLED), 'You cannot Super Chat your own stream' (SUPER_CHAT.OWN_STREAM), 'You are timed out of this chat for … more' (LIVE.TIMED_OUT)" })
  @ApiResponse({ status: 404, type: ErrorResponseDto, description: "'Live stream not found'" })
  @ApiResponse({ status: 409, type: ErrorResponseDto, description: "'This live stream has ended' (LIVE.ENDED)" })
  @ApiResponse({ status: 429, type: ErrorResponseDto, description: 'More than 10 Super Chat checkouts a minute (RATE_LIMITED); Retry-After says when' })
  async sendSuperChat(@CurrentPrincipal() p: Principal, @Req() req: Request): Promise<CheckoutResponseDto> {
    const form = await formDto(req, SendSuperChatRequestDto);
    this.checkouts.hit(p.userId);
    const r = await this.checkout.execute(p.userId, { streamId: form.stream_id, packageId: form.package_id, message: form.message, originUrl: form.origin_url }, siteOrigins(req));
    return { url: r.url, session_id: r.sessionId };
  }
}
