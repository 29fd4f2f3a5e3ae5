import { Body, Controller, Delete, Get, HttpCode, Inject, Ip, Param, Post, Res, UseGuards } from '@nestjs/common';
import { RequiresFeature } from '../../../common/features/requires-feature.js';
import type { Response } from 'express';
import { ApiBearerAuth, ApiResponse, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, UserAuthGuard } from '../../../common/auth/guards.js';
import type { Principal } from '../../../common/auth/principal.js';
import { ErrorResponseDto, MessageResponseDto } from '../../../common/http/error-response.dto.js';
import { LoginUseCase } from '../application/login.use-case.js';
import { ParentalConsentUseCases } from '../application/parental-consent.use-cases.js';
import { PrincipalCache } from '../application/principal-cache.js';
import { RegisterUserUseCase } from '../application/register-user.use-case.js';
import { SignOutEverywhereUseCase } from '../application/sign-out-everywhere.use-case.js';
import { DeleteMeUseCase, ExportMyDataQuery } from '../application/my-data.use-cases.js';
import { SessionInvalid } from '../domain/identity.errors.js';
import {
  DataExportDto,
  DeleteMeRequestDto,
  LoginRequestDto,
  LoginResponseDto,
  ParentalConsentResponseDto,
  RegisterRequestDto,
  RegisterResponseDto,
  UserResponseDto,
} from './identity.dto.js';
import { toConsentResponse, toUserResponse, userToResponse } from './identity.mappers.js';

@ApiTags('identity')
@ApiResponse({ status: 400, type: ErrorResponseDto, description: 'Invalid input' })
@Controller('api')
export class IdentityController {
  constructor(
    private readonly registerUser: RegisterUserUseCase,
    private readonly login: LoginUseCase,
    private readonly signOut: SignOutEverywhereUseCase,
    private readonly consent: ParentalConsentUseCases,
    @Inject(PrincipalCache) private readonly principals: PrincipalCache,
    private readonly exportData: ExportMyDataQuery,
    private readonly deleteMe: DeleteMeUseCase,
  ) {}

  /** Creates a user and its primary account. */
  @Post('register')
  @RequiresFeature('registration')
  @ApiResponse({ status: 409, type: ErrorResponseDto, description: 'Display name, email or phone already used' })
  async registerNewUser(@Body() body: RegisterRequestDto): Promise<RegisterResponseDto> {
    const r = await this.registerUser.execute(body);
    return { user: userToResponse(r.user, r.activeAccountId), account_status: r.user.status === 'active' ? 'active' : 'pending_parental_consent', message: r.message };
  }

  /** Signs in with email, phone or display name. */
  @Post('login')
  @HttpCode(200)
  @ApiResponse({ status: 401, type: ErrorResponseDto, description: 'Invalid credentials' })
  @ApiResponse({ status: 403, type: ErrorResponseDto, description: 'Awaiting parental consent, or access denied' })
  @ApiResponse({ status: 429, type: ErrorResponseDto, description: 'Too many failed attempts' })
  async loginUser(@Body() body: LoginRequestDto, @Ip() ip: string): Promise<LoginResponseDto> {
    const r = await this.login.execute({ identifier: body?.login_identifier, password: body?.password, ip, audience: 'user' });
    return { access_token: r.token, token_type: 'bearer', expires_in: r.expiresIn };
  }

  /** The signed-in user. */
  @Get('me')
  @ApiBearerAuth()
  @UseGuards(UserAuthGuard)
  @ApiResponse({ status: 401, type: ErrorResponseDto })
  async getCurrentUser(@CurrentPrincipal() principal: Principal): Promise<UserResponseDto> {
    const user = await this.principals.get(principal.userId);
    if (!user) throw SessionInvalid();
    return toUserResponse(user);
  }

  /** Revokes every token of the signed-in user, on every device. */
  @Post('logout-all')
  @HttpCode(200)
  @ApiBearerAuth()
  @UseGuards(UserAuthGuard)
  @ApiResponse({ status: 401, type: ErrorResponseDto })
  async signOutEverywhere(@CurrentPrincipal() principal: Principal): Promise<MessageResponseDto> {
    await this.signOut.execute(principal.userId);
    return { message: 'Signed out on every device' };
  }

  /** Everything stored about the signed-in user, as a JSON download. */
  @Get('me/export')
  @ApiBearerAuth()
  @UseGuards(UserAuthGuard)
  @ApiResponse({ status: 401, type: ErrorResponseDto })
  async exportMyData(@CurrentPrincipal() principal: Principal, @Res({ passthrough: true }) reply: Response): Promise<DataExportDto> {
    const data = await this.exportData.execute(principal.userId);
    const name = String((data.user as { display_name: string }).display_name).replace(/[^A-Za-z0-9_]/g, '');
    reply.setHeader('Content-Disposition', `attachment; filename="scriven-data-${name}.json"`);
    return data as unknown as DataExportDto;
  }

  /** Deletes the signed-in user and all their accounts, after the display name is typed to confirm. */
  @Delete('me')
  @ApiBearerAuth()
  @UseGuards(UserAuthGuard)
  @ApiResponse({ status: 400, type: ErrorResponseDto })
  @ApiResponse({ status: 401, type: ErrorResponseDto })
  async deleteMyAccount(@CurrentPrincipal() principal: Principal, @Body() body: DeleteMeRequestDto): Promise<MessageResponseDto> {
    await this.deleteMe.execute(principal.userId, body?.confirmation);
    return { message: 'Your account has been deleted' };
  }

  /** What a parent sees behind the consent link. */
  @Get('parental-consent/:token')
  @ApiResponse({ status: 404, type: ErrorResponseDto })
  async getParentalConsent(@Param('token') token: string): Promise<ParentalConsentResponseDto> {
    return toConsentResponse(await this.consent.view(token));
  }

  /** The parent approves: the child's account becomes active. */
  @Post('parental-consent/:token/approve')
  @HttpCode(200)
  @ApiResponse({ status: 404, type: ErrorResponseDto, description: 'Unknown link' })
  @ApiResponse({ status: 409, type: ErrorResponseDto, description: 'Already answered' })
  @ApiResponse({ status: 410, type: ErrorResponseDto, description: 'Link expired' })
  async approveParentalConsent(@Param('token') token: string): Promise<ParentalConsentResponseDto> {
    return toConsentResponse(await this.consent.decide(token, true));
  }

  /** The parent refuses: the child's account is denied. */
  @Post('parental-consent/:token/refuse')
  @HttpCode(200)
  @ApiResponse({ status: 404, type: ErrorResponseDto, description: 'Unknown link' })
  @ApiResponse({ status: 409, type: ErrorResponseDto, description: 'Already answered' })
  @ApiResponse({ status: 410, type: ErrorResponseDto, description: 'Link expired' })
  async refuseParentalConsent(@Param('token') token: string): Promise<ParentalConsentResponseDto> {
    return toConsentResponse(await this.consent.decide(token, false));
  }
}
