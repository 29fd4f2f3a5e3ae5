import { Body, Controller, Get, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiResponse, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, UserAuthGuard } from '../../../common/auth/guards.js';
import type { Principal } from '../../../common/auth/principal.js';
import { ErrorResponseDto } from '../../../common/http/error-response.dto.js';
import { toDollars } from '../../../common/money.js';
import { GetPlatformEarningsQuery } from '../application/get-platform-earnings.query.js';
import { PlatformOwnerPolicy } from '../application/platform-owner.policy.js';
import { SavePlatformBankAccountUseCase } from '../application/save-platform-bank-account.use-case.js';
import { WithdrawPlatformEarningsUseCase } from '../application/withdraw-platform-earnings.use-case.js';
import { OWNER_MIN_WITHDRAWAL_CENTS } from '../domain/rules.js';
import { bankAccountDto } from './monetization.mappers.js';
import { BankAccountRequestDto, BankAccountResponseDto, PlatformEarningsResponseDto, WithdrawRequestDto, WithdrawResponseDto } from './monetization.dto.js';

/** The platform owner (administrators, signed in as users): the platform's earnings, bank account and withdrawals. */
@ApiTags('monetization')
@Controller('api')
export class OwnerController {
  constructor(
    private readonly owner: PlatformOwnerPolicy,
    private readonly earnings: GetPlatformEarningsQuery,
    private readonly saveBank: SavePlatformBankAccountUseCase,
    private readonly withdraw: WithdrawPlatformEarningsUseCase,
  ) {}

  /** The platform's own earnings (Owner): admins only. */
  @Get('platform/earnings')
  @UseGuards(UserAuthGuard)
  @ApiBearerAuth()
  @ApiResponse({ status: 200, type: PlatformEarningsResponseDto })
  @ApiResponse({ status: 403, type: ErrorResponseDto })
  async getPlatformEarnings(@CurrentPrincipal() p: Principal): Promise<PlatformEarningsResponseDto> {
    await this.owner.require(p.userId);
    const e = await this.earnings.execute();
    return {
      earnings: {
        available_balance: toDollars(e.availableCents),
        pending_balance: toDollars(e.pendingCents),
        total_revenue: toDollars(e.totalRevenueCents),
        total_withdrawn: toDollars(e.withdrawnCents),
        premium_revenue: toDollars(e.bySource.premium),
        ad_revenue: toDollars(e.bySource.ads),
        membership_fees: toDollars(e.bySource.membership),
        super_chat_fees: toDollars(e.bySource.super_chat),
        minimum_payout: toDollars(OWNER_MIN_WITHDRAWAL_CENTS),
      },
      monthly_revenue: toDollars(e.monthCents),
      bank_account: e.bank ? bankAccountDto(e.bank) : null,
      can_withdraw: !!e.bank && e.availableCents >= OWNER_MIN_WITHDRAWAL_CENTS,
    };
  }

  /** Saves the platform's bank account (admins only); the numbers are encrypted at rest. */
  @Post('platform/bank-account')
  @HttpCode(200)
  @UseGuards(UserAuthGuard)
  @ApiBearerAuth()
  @ApiResponse({ status: 200, type: BankAccountResponseDto })
  @ApiResponse({ status: 400, type: ErrorResponseDto })
  @ApiResponse({ status: 403, type: ErrorResponseDto })
  async savePlatformBankAccount(@CurrentPrincipal() p: Principal, @Body() body: BankAccountRequestDto): Promise<BankAccountResponseDto> {
    await this.owner.require(p.userId);
    const b = await this.saveBank.execute(body);
    return { success: true, message: 'Bank account added successfully!', bank_account: bankAccountDto(b) };
  }

  /** Withdraws platform earnings to the bank account (admins only): at least $100, at most the available balance. */
  @Post('platform/withdraw')
  @HttpCode(200)
  @UseGuards(UserAuthGuard)
  @ApiBearerAuth()
  @ApiResponse({ status: 200, type: WithdrawResponseDto })
  @ApiResponse({ status: 400, type: ErrorResponseDto })
  @ApiResponse({ status: 403, type: ErrorResponseDto })
  @ApiResponse({ status: 409, type: ErrorResponseDto })
  async withdrawPlatformEarnings(@CurrentPrincipal() p: Principal, @Body() body: WithdrawRequestDto): Promise<WithdrawResponseDto> {
    await this.owner.require(p.userId);
    const w = await this.withdraw.execute({ kind: 'admin', id: p.userId }, body.amount);
    return { success: true, message: 'Withdrawal request submitted successfully!', amount: toDollars(w.amountCents) };
  }
}
