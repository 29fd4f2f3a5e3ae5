import { Body, Controller, Get, Query, Post, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiResponse, ApiTags } from '@nestjs/swagger';
import { AdminConsole } from '../../../common/auth/admin-console.js';
import { CurrentPrincipal, UserAuthGuard } from '../../../common/auth/guards.js';
import type { Principal } from '../../../common/auth/principal.js';
import { ErrorResponseDto, MessageResponseDto } from '../../../common/http/error-response.dto.js';
import { PageQueryDto } from '../../../common/http/page-query.dto.js';
import { pageSize } from '../../../common/keyset.js';
import { ListFeedbackQuery, SubmitFeedbackUseCase } from '../application/feedback.use-cases.js';
import { FeedbackListResponseDto, FeedbackRequestDto } from './feedback.dto.js';

@ApiTags('feedback')
@Controller('api')
export class FeedbackController {
  constructor(
    private readonly submit: SubmitFeedbackUseCase,
    private readonly list: ListFeedbackQuery,
  ) {}

  /** Stores a message for the instance's admins. */
  @Post('feedback')
  @UseGuards(UserAuthGuard)
  @ApiBearerAuth()
  @ApiResponse({ status: 400, type: ErrorResponseDto })
  @ApiResponse({ status: 401, type: ErrorResponseDto })
  @ApiResponse({ status: 429, type: ErrorResponseDto })
  async sendFeedback(@CurrentPrincipal() p: Principal, @Body() body: FeedbackRequestDto): Promise<MessageResponseDto> {
    await this.submit.execute(p.userId, body?.message);
    return { message: 'Thanks for your feedback!' };
  }

  /** Feedback for admins, newest first. */
  @Get('admin/feedback')
  @AdminConsole()
  @ApiResponse({ status: 400, type: ErrorResponseDto })
  async listFeedback(@Query() q: PageQueryDto): Promise<FeedbackListResponseDto> {
    const page = await this.list.execute(pageSize(q.limit, 20), q.cursor);
    return {
      items: page.items.map((f) => ({ id: f.id, user_id: f.userId, message: f.message, created_at: f.createdAt.toISOString() })),
      next_cursor: page.nextCursor,
    };
  }
}
