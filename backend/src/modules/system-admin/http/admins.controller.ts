import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiResponse, ApiTags } from '@nestjs/swagger';
import { AdminConsole } from '../../../common/auth/admin-console.js';
import { CurrentPrincipal } from '../../../common/auth/guards.js';
import type { Principal } from '../../../common/auth/principal.js';
import { ErrorResponseDto } from '../../../common/http/error-response.dto.js';
import { PageQueryDto } from '../../../common/http/page-query.dto.js';
import { pageSize } from '../../../common/keyset.js';
import { AdminAuditLog } from '../application/admin-audit-log.js';
import { GrantAdminUseCase, ListAdminsQuery, RevokeAdminUseCase } from '../application/admins.use-cases.js';
import { adminsErrors } from '../domain/admins.js';
import { AdminAuditResponseDto } from './admin-audit.dto.js';
import { AdminsResponseDto, GrantAdminRequestDto, GrantAdminResponseDto } from './admins.dto.js';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The admin console: who is an administrator, and the log of every admin action. */
@ApiTags('admin')
@Controller('api/admin')
@AdminConsole()
export class AdminsController {
  constructor(
    private readonly list: ListAdminsQuery,
    private readonly grant: GrantAdminUseCase,
    private readonly revoke: RevokeAdminUseCase,
    private readonly audit: AdminAuditLog,
  ) {}

  /** Every administrator, by username. */
  @Get('admins')
  @ApiResponse({ status: 200, type: AdminsResponseDto })
  async listAdmins(): Promise<AdminsResponseDto> {
    const admins = await this.list.execute();
    return {
      admins: admins.map((a) => ({
        user_id: a.userId,
        username: a.username,
        email: a.email,
        is_admin: true as const,
        active: a.active,
        since: a.since?.toISOString() ?? null,
        last_seen_at: a.lastSeenAt?.toISOString() ?? null,
      })),
    };
  }

  /** Makes an existing user (by display name or email) an admin. */
  @Post('admins')
  @ApiResponse({ status: 201, type: GrantAdminResponseDto })
  @ApiResponse({ status: 400, type: ErrorResponseDto })
  @ApiResponse({ status: 404, type: ErrorResponseDto, description: "'User not found'" })
  @ApiResponse({ status: 409, type: ErrorResponseDto, description: 'Already an admin, or the account is not active' })
  async grantAdmin(@CurrentPrincipal() p: Principal, @Body() body: GrantAdminRequestDto): Promise<GrantAdminResponseDto> {
    const r = await this.grant.execute(p.userId, body.username);
    return { user_id: r.userId, username: r.username, is_admin: true };
  }

  /** Takes admin away from a user (yourself too, while another admin remains); their tokens stop working. */
  @Delete('admins/:userId')
  @HttpCode(204)
  @ApiResponse({ status: 204, description: 'Removed' })
  @ApiResponse({ status: 404, type: ErrorResponseDto, description: "'Admin not found'" })
  @ApiResponse({ status: 409, type: ErrorResponseDto, description: "'The last admin cannot be removed'" })
  async revokeAdmin(@CurrentPrincipal() p: Principal, @Param('userId') userId: string): Promise<void> {
    if (!UUID_RE.test(userId)) throw adminsErrors.adminNotFound();
    await this.revoke.execute(p.userId, userId.toLowerCase());
  }

  /** Every admin action (sign-ins, admins granted and removed, flags, backups, updates…), newest first. */
  @Get('audit')
  @ApiResponse({ status: 200, type: AdminAuditResponseDto })
  @ApiResponse({ status: 400, type: ErrorResponseDto })
  async listAdminAudit(@Query() q: PageQueryDto): Promise<AdminAuditResponseDto> {
    const page = await this.audit.list(pageSize(q.limit, 50), q.cursor ?? null);
    return {
      items: page.items.map((e) => ({
        id: e.id,
        admin_username: e.adminUsername,
        action: e.action,
        target: e.target,
        detail: e.detail,
        created_at: e.createdAt.toISOString(),
      })),
      next_cursor: page.nextCursor,
    };
  }
}
