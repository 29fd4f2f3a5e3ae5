import { ApiProperty } from '@nestjs/swagger';
import { Length } from 'class-validator';
import { Trimmed, lengthMessage } from '../../../common/http/dto-rules.js';
import { ADMINS_MESSAGES } from '../domain/admins.js';

export class AdminAccountDto {
  @ApiProperty({ format: 'uuid' })
  user_id: string;
  /** Their display name (what they sign in with). */
  username: string;
  email: string | null;
  @ApiProperty({ enum: [true] })
  is_admin: true;
  /** False while their account cannot sign in (pending parental consent, refused). */
  active: boolean;
  /** When an admin made them one in the console; null for admins made by the CLI or the environment. */
  since: string | null;
  last_seen_at: string | null;
}

export class AdminsResponseDto {
  admins: AdminAccountDto[];
}

export class GrantAdminRequestDto {
  /** The display name or email of an existing user. */
  @Trimmed()
  @Length(1, 254, { message: lengthMessage(ADMINS_MESSAGES.usernameRequired, ADMINS_MESSAGES.usernameTooLong) })
  username: string;
}

export class GrantAdminResponseDto {
  @ApiProperty({ format: 'uuid' })
  user_id: string;
  username: string;
  @ApiProperty({ enum: [true] })
  is_admin: true;
}
