import { Body, Controller, Get, HttpCode, Ip, Post } from '@nestjs/common';
import { ApiResponse, ApiTags } from '@nestjs/swagger';
import { AdminConsole } from '../../../common/auth/admin-console.js';
import { CurrentPrincipal } from '../../../common/auth/guards.js';
import type { Principal } from '../../../common/auth/principal.js';
import { ErrorResponseDto } from '../../../common/http/error-response.dto.js';
import { LoginUseCase } from '../application/login.use-case.js';
import { PrincipalCache } from '../application/principal-cache.js';
import { SessionInvalid } from '../domain/identity.errors.js';
import { AdminLoginRequestDto, AdminLoginResponseDto, AdminResponseDto } from './identity.dto.js';

@ApiTags('admin')
@Controller('api/admin')
export class AdminAuthController {
  constructor(
    private readonly login: LoginUseCase,
    private readonly principals: PrincipalCache,
  ) {}

  /** Admin sign-in by display name or email; issues an admin-audience token (8 h). */
  @Post('login')
  @HttpCode(200)
  @ApiResponse({ status: 400, type: ErrorResponseDto })
  @ApiResponse({ status: 401, type: ErrorResponseDto })
  @ApiResponse({ status: 429, type: ErrorResponseDto })
  async adminLogin(@Body() body: AdminLoginRequestDto, @Ip() ip: string): Promise<AdminLoginResponseDto> {
    const r = await this.login.execute({ identifier: body?.username, password: body?.password, ip, audience: 'admin' });
    return { access_token: r.token, username: r.user.displayName };
  }

  /** Checks an admin token. */
  @Get('verify')
  @AdminConsole()
  async verifyAdmin(@CurrentPrincipal() principal: Principal): Promise<AdminResponseDto> {
    const user = await this.principals.get(principal.userId);
    if (!user) throw SessionInvalid();
    return { username: user.displayName, is_admin: user.isAdmin };
  }
}
