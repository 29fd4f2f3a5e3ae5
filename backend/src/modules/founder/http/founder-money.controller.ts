import { Controller, Get, HttpCode, Post, Req } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { FounderOnly } from '../../../common/auth/founder-only.js';
import { CurrentPrincipal } from '../../../common/auth/guards.js';
import type { Principal } from '../../../common/auth/principal.js';
import { clientAddress } from '../../../common/http/client-address.js';
import { ErrorResponseDto } from '../../../common/http/error-response.dto.js';
import { formDto } from '../../../common/http/validate-dto.js';
import { FounderAnalyticsQuery } from '../application/founder-analytics.query.js';
import { FounderBankAccountQuery } from '../application/founder-bank-account.query.js';
import { FounderEarningsQuery } from '../application/founder-earnings.query.js';
import { dollars } from '../application/founder-figures.js';
import { FounderWithdrawUseCase } from '../application/founder-withdraw.use-case.js';
import { RevenueBreakdownQuery } from '../application/revenue-breakdown.query.js';
import { SaveFounderBankAccountUseCase } from '../application/save-founder-bank-account.use-case.js';
import {
  FounderAnalyticsResponseDto,
  FounderBankAccountRequestDto,
  FounderBankAccountResponseDto,
  FounderEarningsResponseDto,
  FounderWithdrawRequestDto,
  FounderWithdrawResponseDto,
  RevenueBreakdownResponseDto,
  SaveFounderBankAccountResponseDto,
} from './founder-access.dto.js';
import { analyticsDto, bankAccountDto, revenueBreakdownDto } from './founder-access.mappers.js';

/** The founder dashboard's figures and the platform's money (seed 001 §2, §3, §7): the founder token only. */
@ApiTags('founder')
@Controller('api/founder')
@FounderOnly()
export class FounderMoneyController {
  constructor(
    private readonly analytics: FounderAnalyticsQuery,
    private readonly revenue: RevenueBreakdownQuery,
    private readonly bank: FounderBankAccountQuery,
    private readonly saveBank: SaveFounderBankAccountUseCase,
    private readonly earnings: FounderEarningsQuery,
    private readonly withdrawal: FounderWithdrawUseCase,
  ) {}

  /** The platform in figures: users and content, money, growth, and this server's health (null: not measured). */
  @Get('analytics')
  @ApiResponse({ status: 200, type: FounderAnalyticsResponseDto })
  async getFounderAnalytics(): Promise<FounderAnalyticsResponseDto> {
    return analyticsDto(await this.analytics.execute());
  }

  /** Revenue by source (all time) and per month (the last 12), from the ledger, and the 10 top-earning creators. */
  @Get('revenue-breakdown')
  @ApiResponse({ status: 200, type: RevenueBreakdownResponseDto })
  async getRevenueBreakdown(): Promise<RevenueBreakdownResponseDto> {
    return revenueBreakdownDto(await this.revenue.execute());
  }

  /** The platform's bank account (the Owner earnings' one), masked; null when none is saved. */
  @Get('bank-account')
  @ApiResponse({ status: 200, type: FounderBankAccountResponseDto })
  async getFounderBankAccount(): Promise<FounderBankAccountResponseDto> {
    const bank = await this.bank.execute();
    return { bank_account: bank ? bankAccountDto(bank) : null };
  }

  /** Saves (replaces) the platform's bank account; the numbers are encrypted at rest, only the last four digits are shown. */
  @Post('bank-account')
  @HttpCode(200)
  @ApiConsumes('application/x-www-form-urlencoded', 'multipart/form-data', 'application/json')
  @ApiBody({ type: FounderBankAccountRequestDto })
  @ApiResponse({ status: 200, type: SaveFounderBankAccountResponseDto })
  @ApiResponse({ status: 400, type: ErrorResponseDto, description: 'A field missing or malformed (each field named in `errors`)' })
  async saveFounderBankAccount(@Req() req: Request): Promise<SaveFounderBankAccountResponseDto> {
    const form = await formDto(req, FounderBankAccountRequestDto);
    const bank = await this.saveBank.execute(form, clientAddress(req));
    return { success: true, message: 'Bank account saved', bank_account: bankAccountDto(bank) };
  }

  /** The platform's earnings in the ledger (as GET /api/platform/earnings) and whether a withdrawal is possible. */
  @Get('platform-earnings')
  @ApiResponse({ status: 200, type: FounderEarningsResponseDto })
  async getFounderPlatformEarnings(): Promise<FounderEarningsResponseDto> {
    const e = await this.earnings.execute();
    return {
      earnings: {
        available_balance: dollars(e.availableCents),
        pending_balance: dollars(e.pendingCents),
        lifetime_earnings: dollars(e.lifetimeCents),
        total_withdrawn: dollars(e.withdrawnCents),
        minimum_payout: dollars(e.minimumCents),
      },
      can_withdraw: e.canWithdraw,
    };
  }

  /** Withdraws platform earnings to the bank account: at least $100, at most the available balance. */
  @Post('withdraw')
  @HttpCode(200)
  @ApiConsumes('application/x-www-form-urlencoded', 'multipart/form-data', 'application/json')
  @ApiBody({ type: FounderWithdrawRequestDto })
  @ApiResponse({ status: 200, type: FounderWithdrawResponseDto })
  @ApiResponse({ status: 400, type: ErrorResponseDto, description: "'Minimum withdrawal amount is $100' (MONEY.BELOW_MINIMUM); 'Invalid withdrawal amount' (MONEY.INVALID_WITHDRAWAL): not above 0, not dollars, or above the available balance" })
  @ApiResponse({ status: 409, type: ErrorResponseDto, description: "'Add a bank account before withdrawing' (MONEY.NO_BANK_ACCOUNT)" })
  async founderWithdraw(@CurrentPrincipal() p: Principal, @Req() req: Request): Promise<FounderWithdrawResponseDto> {
    const form = await formDto(req, FounderWithdrawRequestDto);
    const w = await this.withdrawal.execute(p.userId, form.amount, clientAddress(req));
    return { success: true, message: 'Withdrawal request submitted', amount: dollars(w.amountCents) };
  }
}
