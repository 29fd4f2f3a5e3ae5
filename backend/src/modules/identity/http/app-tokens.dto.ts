import { ApiProperty } from '@nestjs/swagger';
import { IsString, Length } from 'class-validator';
import { Trimmed } from '../../../common/http/dto-rules.js';
import { APP_TOKEN_LIMITS, APP_TOKEN_MESSAGES } from '../domain/app-token.js';

/** Settings → Music apps: a user's app tokens for the Subsonic API (/rest). */

export class AppTokenCreateDto {
  /** What the token is for (the app or device), 1 to 60 characters. */
  @ApiProperty({ minLength: 1, maxLength: APP_TOKEN_LIMITS.name })
  @IsString({ message: APP_TOKEN_MESSAGES.name })
  @Trimmed()
  @Length(1, APP_TOKEN_LIMITS.name, { message: APP_TOKEN_MESSAGES.name })
  name: string;
}

export class AppTokenDto {
  id: string;
  name: string;
  created_at: string;
  /** When a music app last signed in with it; null when never. */
  last_used_at: string | null;
}

export class AppTokenListDto {
  /** Newest first. The tokens themselves are never shown again. */
  items: AppTokenDto[];
}

export class AppTokenCreatedDto {
  id: string;
  name: string;
  created_at: string;
  /** The token, shown this once: the password to enter in a music app (Subsonic). */
  token: string;
}
