import { ApiProperty } from '@nestjs/swagger';

export class PaymentStatusResponseDto {
  /** 'paid' once the money moved, else 'unpaid'. */
  @ApiProperty({ enum: ['paid', 'unpaid'] })
  payment_status!: 'paid' | 'unpaid';
  /** 'open' while the checkout can still be paid; 'complete', 'expired' (timed out or cancelled) or 'failed' (declined). */
  @ApiProperty({ enum: ['open', 'complete', 'expired', 'failed'] })
  status!: 'open' | 'complete' | 'expired' | 'failed';
}

export class SubscriptionStatusResponseDto extends PaymentStatusResponseDto {
  /** What was bought, as the checkout page showed it ("Premium Monthly", "Tech Guru: VIP"). */
  package_name!: string;
}

export class WebhookReceivedDto {
  received!: boolean;
}
