import { ApiProperty } from '@nestjs/swagger';

export class FieldErrorDto {
  /** The request field the message is about. */
  field: string;
  /** The human sentence for that field. */
  message: string;
}

export class ErrorResponseDto {
  /** HTTP status code. */
  statusCode: number;
  /** Stable machine-readable code, e.g. IDENTITY.INVALID_CREDENTIALS. */
  code: string;
  /** Human sentence; clients show it after 'Failed to …: '. */
  detail: string;
  /** The same sentence as detail. */
  message: string;
  @ApiProperty({ type: [FieldErrorDto], required: false })
  errors?: FieldErrorDto[];
}

export class MessageResponseDto {
  message: string;
}
