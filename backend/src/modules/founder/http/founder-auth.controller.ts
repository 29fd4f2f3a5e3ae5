import { Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { clientAddress } from '../../../common/http/client-address.js';
import { ErrorResponseDto } from '../../../common/http/error-response.dto.js';
import { formDto } from '../../../common/http/validate-dto.js';
import { FounderSignInUseCase } from '../application/founder-sign-in.use-case.js';
import { LEGACY_DENIED, LOCKED_MESSAGE, PERSONAL_DENIED } from '../domain/founder-account.js';
import { FounderLoginRequestDto, FounderLoginResponseDto, FounderPersonalLoginRequestDto } from './founder-access.dto.js';

const LOCKED = `'${LOCKED_MESSAGE}' (FOUNDER.LOCKED) after five failures in 15 minutes, right credentials included; or more than 30 attempts a minute from one address (RATE_LIMITED). Retry-After says when`;

/** The founder access screen's two forms (seed 000 §2, §7): each issues a founder token (30 min). */
@ApiTags('founder')
@Controller('api/founder')
export class FounderAuthController {
  constructor(private readonly signIn: FounderSignInUseCase) {}

  /** Personal Access: the founder's email, phone and driver's licence number. */
  @Post('personal-login')
  @HttpCode(200)
  @ApiConsumes('multipart/form-data', 'application/x-www-form-urlencoded', 'application/json')
  @ApiBody({ type: FounderPersonalLoginRequestDto })
  @ApiResponse({ status: 200, type: FounderLoginResponseDto })
  @ApiResponse({ status: 400, type: ErrorResponseDto, description: 'A field missing or too long' })
  @ApiResponse({ status: 401, type: ErrorResponseDto, description: `'${PERSONAL_DENIED}' (FOUNDER.ACCESS_DENIED), whatever was wrong` })
  @ApiResponse({ status: 429, type: ErrorResponseDto, description: LOCKED })
  async founderPersonalLogin(@Req() req: Request): Promise<FounderLoginResponseDto> {
    const form = await formDto(req, FounderPersonalLoginRequestDto);
    const issued = await this.signIn.execute({ form: 'personal', email: form.email, phone: form.phone, licenseNumber: form.license_number, address: clientAddress(req) });
    return { access_token: issued.token, token_type: 'bearer', expires_in: issued.expiresIn, message: 'Founder access granted' };
  }

  /** Legacy Access: the founder's username and master key. */
  @Post('login')
  @HttpCode(200)
  @ApiConsumes('multipart/form-data', 'application/x-www-form-urlencoded', 'application/json')
  @ApiBody({ type: FounderLoginRequestDto })
  @ApiResponse({ status: 200, type: FounderLoginResponseDto })
  @ApiResponse({ status: 400, type: ErrorResponseDto, description: 'A field missing or too long' })
  @ApiResponse({ status: 401, type: ErrorResponseDto, description: `'${LEGACY_DENIED}' (FOUNDER.ACCESS_DENIED), whatever was wrong` })
  @ApiResponse({ status: 429, type: ErrorResponseDto, description: LOCKED })
  async founderLogin(@Req() req: Request): Promise<FounderLoginResponseDto> {
    const form = await formDto(req, FounderLoginRequestDto);
    const issued = await this.signIn.execute({ form: 'legacy', username: form.username, masterKey: form.password, address: clientAddress(req) });
    return { access_token: issued.token, token_type: 'bearer', expires_in: issued.expiresIn, message: 'Founder access granted' };
  }
}
