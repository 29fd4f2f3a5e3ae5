import { Body, Controller, Get, Query, Post, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import { AdminAuthGuard, CurrentPrincipal, UserAuthGuard } from '../../../common/auth/guards.js';
import type { Principal } from '../../../common/auth/principal.js';
import { ErrorResponseDto, MessageResponseDto } from '../../../common/http/error-response.dto.js';
import { ListFeedbackQuery, SubmitFeedbackUseCase } from '../application/feedback.use-cases.js';
import { FeedbackListResponseDto, FeedbackRequestDto } from './feedback.dto.js';

@ApiTags('feedback')
@ApiBearerAuth()
@Controller('api')
export class FeedbackController {
  constructor(
    private readonly submit: SubmitFeedbackUseCase,
    private readonly list: ListFeedbackQuery,
  ) {}

  /** Stores a message for the instance's admins. */
  @Post('feedback')
  @UseGuards(UserAuthGuard)
  @ApiResponse({ status: 400, type: ErrorResponseDto })
  @ApiResponse({ status: 401, type: ErrorResponseDto })
  @ApiResponse({ status: 429, type: ErrorResponseDto })
  async sendFeedback(@CurrentPrincipal() p: Principal, @Body() body: FeedbackRequestDto): Promise<MessageResponseDto> {
    await this.submit.execute(p.userId, body?.message);
    return { message: 'Thanks for your feedback!' };
  }

  /** Feedback for admins, newest first. */
  @Get('admin/feedback')
  @UseGuards(AdminAuthGuard)
  @ApiQuery({ name: 'limit', required: false, description: '1-100, default 20' })
  @ApiQuery({ name: 'cursor', required: false })
  @ApiResponse({ status: 401, type: ErrorResponseDto })
  async listFeedback(@Query('limit') limit?: string, @Query('cursor') cursor?: string): Promise<FeedbackListResponseDto> {
    const n = Math.min(100, Math.max(1, Number.parseInt(limit ?? '20', 10) || 20));
    const page = await this.list.execute(n, typeof cursor === 'string' ? cursor : undefined);
    return {
      items: page.items.map((f) => ({ id: f.id, user_id: f.userId, message: f.message, created_at: f.createdAt.toISOString() })),
      next_cursor: page.nextCursor,
    };
  }
}
