import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Req, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiConsumes, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { isMultipart, MultipartLimit, multipartParts } from '../../../common/http/multipart.js';
import { ActionLimiter } from '../../../common/http/action-limiter.js';
import { Upload } from '../../../common/http/long-running.js';
import type { Readable } from 'node:stream';
import { CurrentPrincipal, UserAuthGuard } from '../../../common/auth/guards.js';
import type { Principal } from '../../../common/auth/principal.js';
import { ErrorResponseDto, MessageResponseDto } from '../../../common/http/error-response.dto.js';
import { CreateAccountUseCase } from '../application/create-account.use-case.js';
import { DeleteAccountUseCase } from '../application/delete-account.use-case.js';
import { ListAccountsQuery } from '../application/list-accounts.query.js';
import { SwitchAccountUseCase } from '../application/switch-account.use-case.js';
import { UpdateAccountUseCase } from '../application/update-account.use-case.js';
import { MAX_PHOTO_BYTES, UploadProfilePhotoUseCase } from '../application/upload-profile-photo.use-case.js';
import { ChannelBannerUseCase } from '../application/channel-banner.use-case.js';
import { BannerMissing, PhotoMissing } from '../domain/accounts.errors.js';
import { DomainError } from '../../../common/errors/domain-error.js';
import { validateDto } from '../../../common/http/validate-dto.js';
import {
  AccountsResponseDto,
  BannerFormDto,
  CreateAccountRequestDto,
  CreateAccountResponseDto,
  ProfilePhotoFormDto,
  SwitchAccountRequestDto,
  SwitchAccountResponseDto,
  UpdateAccountRequestDto,
  UpdateAccountResponseDto,
  UploadPhotoResponseDto,
} from './accounts.dto.js';
import { photoUrl, toAccountResponse } from './accounts.mapper.js';

/** Profile photos and banners a user may upload per minute (429 beyond). */
export const IMAGE_UPLOADS_PER_MINUTE = 20;

@ApiTags('accounts')
@ApiBearerAuth()
@UseGuards(UserAuthGuard)
@ApiResponse({ status: 401, type: ErrorResponseDto })
@Controller('api')
export class AccountsController {
  /** Each accepted image is decoded and re-encoded: a user sends at most this many photos and banners a minute. */
  private readonly imageUploads = new ActionLimiter(IMAGE_UPLOADS_PER_MINUTE, 60_000, 'You are uploading images too fast. Please wait a minute.');

  constructor(
    private readonly list: ListAccountsQuery,
    private readonly create: CreateAccountUseCase,
    private readonly update: UpdateAccountUseCase,
    private readonly switcher: SwitchAccountUseCase,
    private readonly remover: DeleteAccountUseCase,
    private readonly photo: UploadProfilePhotoUseCase,
    private readonly banner: ChannelBannerUseCase,
  ) {}

  /** The signed-in user's accounts (channels) and the active one. */
  @Get('accounts')
  async listAccounts(@CurrentPrincipal() p: Principal): Promise<AccountsResponseDto> {
    const { accounts, active } = await this.list.execute(p.userId);
    return { accounts: accounts.map(toAccountResponse), active_account: toAccountResponse(active) };
  }

  /** Adds an account (at most 10 per user); it does not become active. */
  @Post('accounts/create')
  @ApiResponse({ status: 400, type: ErrorResponseDto })
  @ApiResponse({ status: 409, type: ErrorResponseDto, description: 'Handle taken, or 10 accounts already' })
  async createAccount(@CurrentPrincipal() p: Principal, @Body() body: CreateAccountRequestDto): Promise<CreateAccountResponseDto> {
    const account = await this.create.execute(p.userId, body ?? {});
    return { success: true, account: toAccountResponse(account), message: 'Account created' };
  }

  /** Changes one of the user's accounts. */
  @Put('accounts/:id')
  @ApiResponse({ status: 400, type: ErrorResponseDto })
  @ApiResponse({ status: 404, type: ErrorResponseDto })
  @ApiResponse({ status: 409, type: ErrorResponseDto })
  async updateAccount(@CurrentPrincipal() p: Principal, @Param('id') id: string, @Body() body: UpdateAccountRequestDto): Promise<UpdateAccountResponseDto> {
    const account = await this.update.execute(p.userId, id, body ?? {});
    return { success: true, account: toAccountResponse(account) };
  }

  /** Makes one of the user's accounts the active one. */
  @Post('accounts/switch')
  @HttpCode(200)
  @ApiResponse({ status: 404, type: ErrorResponseDto })
  async switchAccount(@CurrentPrincipal() p: Principal, @Body() body: SwitchAccountRequestDto): Promise<SwitchAccountResponseDto> {
    const account = await this.switcher.execute(p.userId, body?.account_id);
    return { success: true, active_account: toAccountResponse(account), message: `Switched to ${account.displayName}` };
  }

  /** Deletes one of the user's accounts (not the primary); its content is removed in the background. */
  @Delete('accounts/:id')
  @ApiResponse({ status: 400, type: ErrorResponseDto, description: 'The primary account' })
  @ApiResponse({ status: 404, type: ErrorResponseDto })
  async deleteAccount(@CurrentPrincipal() p: Principal, @Param('id') id: string): Promise<MessageResponseDto> {
    await this.remover.execute(p.userId, id);
    return { message: 'Account deleted' };
  }

  /** Sets the profile photo of the active account, or of account_id. JPG, PNG, GIF or WebP up to 10 MB. */
  @Post('profile/upload-photo')
  @Upload()
  @HttpCode(200)
  @ApiConsumes('multipart/form-data')
  @ApiBody({ type: ProfilePhotoFormDto })
  @ApiResponse({ status: 400, type: ErrorResponseDto })
  @ApiResponse({ status: 404, type: ErrorResponseDto })
  @ApiResponse({ status: 413, type: ErrorResponseDto })
  @ApiResponse({ status: 429, type: ErrorResponseDto, description: 'More than 20 photos and banners in a minute' })
  async uploadProfilePhoto(@CurrentPrincipal() p: Principal, @Req() req: Request): Promise<UploadPhotoResponseDto> {
    this.imageUploads.hit(p.userId);
    if (!isMultipart(req)) throw PhotoMissing();
    const fields: Record<string, string> = {};
    let temp: string | undefined;
    try {
      try {
        for await (const part of multipartParts(req, { fileSize: MAX_PHOTO_BYTES + 1, files: 1, fields: 10, fieldSize: 1000, parts: 12 })) {
          if (part.type === 'field') {
            fields[part.fieldname] = part.value;
          } else if (part.fieldname !== 'file') {
            part.file.resume();
          } else {
            temp = await this.photo.receive(part.file as Readable);
          }
        }
      } catch (e) {
        throw formError(e);
      }
      if (!temp) throw PhotoMissing();
      const form = await validateDto(ProfilePhotoFormDto, fields);
      const account = await this.photo.apply(p.userId, temp, form.account_id || undefined);
      return { success: true, photo_url: photoUrl(account)! };
    } finally {
      if (temp) await this.photo.discard(temp);
    }
  }

  /**
   * Sets the banner of one of the user's accounts (multipart, field `file`): JPG, PNG, GIF or WebP up to 10 MB, at
   * least 640×160 pixels. Stored cover-cropped as a 2048×512 WebP and a 1024×256 one for phones, without metadata.
   */
  @Post('accounts/:id/banner')
  @Upload()
  @HttpCode(200)
  @ApiConsumes('multipart/form-data')
  @ApiBody({ type: BannerFormDto })
  @ApiResponse({ status: 400, type: ErrorResponseDto, description: 'Not an image, damaged, or too small or too large in pixels' })
  @ApiResponse({ status: 404, type: ErrorResponseDto })
  @ApiResponse({ status: 413, type: ErrorResponseDto })
  @ApiResponse({ status: 429, type: ErrorResponseDto, description: 'More than 20 photos and banners in a minute' })
  async uploadBanner(@CurrentPrincipal() p: Principal, @Param('id') id: string, @Req() req: Request): Promise<UpdateAccountResponseDto> {
    this.imageUploads.hit(p.userId);
    if (!isMultipart(req)) throw BannerMissing();
    let temp: string | undefined;
    try {
      try {
        for await (const part of multipartParts(req, { fileSize: MAX_PHOTO_BYTES + 1, files: 1, fields: 2, fieldSize: 1000, parts: 4 })) {
          if (part.type === 'file' && part.fieldname === 'file') temp = await this.banner.receive(part.file as Readable);
          else if (part.type === 'file') part.file.resume();
        }
      } catch (e) {
        throw bannerFormError(e);
      }
      if (!temp) throw BannerMissing();
      const account = await this.banner.apply(p.userId, temp, id);
      return { success: true, account: toAccountResponse(account) };
    } finally {
      if (temp) await this.banner.discard(temp);
    }
  }

  /** Removes the banner of one of the user's accounts (its page shows a colour band again). */
  @Delete('accounts/:id/banner')
  @ApiResponse({ status: 404, type: ErrorResponseDto })
  async removeBanner(@CurrentPrincipal() p: Principal, @Param('id') id: string): Promise<UpdateAccountResponseDto> {
    const account = await this.banner.remove(p.userId, id);
    return { success: true, account: toAccountResponse(account) };
  }
}

function bannerFormError(e: unknown): unknown {
  if (e instanceof MultipartLimit && e.limit !== 'fileSize') {
    return new DomainError('invalid', 'ACCOUNTS.BANNER_FORM', 'Send one image, in the field file, per request');
  }
  return e;
}

/** Busboy's limits as the client should read them. */
function formError(e: unknown): unknown {
  if (e instanceof MultipartLimit && e.limit !== 'fileSize') {
    return new DomainError('invalid', 'ACCOUNTS.PHOTO_FORM', 'Send one photo, and at most the account_id field, per request');
  }
  return e;
}
