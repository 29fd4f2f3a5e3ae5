import { Controller, Get, HttpCode, Post, Req } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { Readable } from 'node:stream';
import { FounderOnly } from '../../../common/auth/founder-only.js';
import { ActionLimiter } from '../../../common/http/action-limiter.js';
import { clientAddress } from '../../../common/http/client-address.js';
import { ErrorResponseDto } from '../../../common/http/error-response.dto.js';
import { Upload } from '../../../common/http/long-running.js';
import { isMultipart, MultipartLimit, multipartParts } from '../../../common/http/multipart.js';
import { CurrentLogoQuery } from '../application/current-logo.query.js';
import type { ReceivedLogo } from '../application/logo-intake.js';
import { ResetLogoUseCase } from '../application/reset-logo.use-case.js';
import { UploadLogoUseCase } from '../application/upload-logo.use-case.js';
import { LOGO_RESET, LOGO_UPDATED, LogoFormInvalid, LogoTooLarge, MAX_LOGO_BYTES, NotAnImageFile } from '../domain/branding.js';
import { CurrentLogoDto, LogoChangedResponseDto, UploadLogoFormDto } from './founder-branding.dto.js';
import { currentLogoDto } from './founder-branding.mapper.js';

/** Logo uploads per minute (each is decoded and drawn at 14 sizes): 429 beyond. */
export const LOGO_UPLOADS_PER_MINUTE = 10;

/** The founder's App Logo tab (seed 001 §2, §7): the logo in use, a new one, back to the default. Founder token only. */
@ApiTags('founder')
@FounderOnly()
@Controller('api/founder')
export class FounderBrandingController {
  private readonly uploads = new ActionLimiter(LOGO_UPLOADS_PER_MINUTE, 60_000, 'You are uploading logos too fast. Please wait a minute.');

  constructor(
    private readonly current: CurrentLogoQuery,
    private readonly upload: UploadLogoUseCase,
    private readonly reset: ResetLogoUseCase,
  ) {}

  /** The logo in use (custom or the default text logo), when it was set, and its app icons. */
  @Get('current-logo')
  @ApiResponse({ status: 200, type: CurrentLogoDto })
  async currentLogo(): Promise<CurrentLogoDto> {
    return currentLogoDto(await this.current.execute());
  }

  /**
   * A new logo (multipart, field `logo_file`): PNG, JPEG, GIF or WebP judged by its bytes, at most 5 MB and 40
   * megapixels. The app icons are drawn from it (9 sizes, 2 maskable, the favicon and the apple-touch icon) before it
   * becomes the logo; the manifest and the header follow at once.
   */
  @Post('upload-logo')
  @Upload()
  @HttpCode(200)
  @ApiConsumes('multipart/form-data')
  @ApiBody({ type: UploadLogoFormDto })
  @ApiResponse({ status: 200, type: LogoChangedResponseDto })
  @ApiResponse({ status: 400, type: ErrorResponseDto, description: "'Please select an image file', or a damaged image, or one over 40 megapixels" })
  @ApiResponse({ status: 413, type: ErrorResponseDto, description: "'Image must be smaller than 5MB'" })
  @ApiResponse({ status: 429, type: ErrorResponseDto, description: 'More than 10 logos in a minute' })
  async uploadLogo(@Req() req: Request): Promise<LogoChangedResponseDto> {
    this.uploads.hit('founder');
    if (!isMultipart(req)) throw NotAnImageFile();
    let logo: ReceivedLogo | undefined;
    try {
      try {
        for await (const part of multipartParts(req, { fileSize: MAX_LOGO_BYTES + 1, files: 1, fields: 4, fieldSize: 1000, parts: 6 })) {
          if (part.type === 'file' && part.fieldname === 'logo_file' && !logo) logo = await this.upload.receive(part.file as Readable);
          else if (part.type === 'file') part.file.resume();
        }
      } catch (e) {
        if (e instanceof MultipartLimit) throw e.limit === 'fileSize' ? LogoTooLarge() : LogoFormInvalid();
        throw e;
      }
      if (!logo) throw NotAnImageFile();
      const view = await this.upload.apply(logo, clientAddress(req));
      return { success: true, message: LOGO_UPDATED, logo: currentLogoDto(view) };
    } finally {
      if (logo) await this.upload.discard(logo);
    }
  }

  /** Back to the default text logo and the built-in icons. */
  @Post('reset-logo')
  @HttpCode(200)
  @ApiResponse({ status: 200, type: LogoChangedResponseDto })
  async resetLogo(@Req() req: Request): Promise<LogoChangedResponseDto> {
    const view = await this.reset.execute(clientAddress(req));
    return { success: true, message: LOGO_RESET, logo: currentLogoDto(view) };
  }
}
