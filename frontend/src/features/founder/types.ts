import type { components } from '../../api/schema';

/**
 * The founder API's answers (/api/founder/*), from the generated schema. Money is dollars with 2 decimals; a null
 * figure means "not measured" (no source for it), and the app says so rather than showing a number.
 */
type Schemas = components['schemas'];

export type FounderLoginResponse = Schemas['FounderLoginResponseDto'];
export type FounderAnalytics = Schemas['FounderAnalyticsResponseDto'];
export type MonthlyTrendPoint = Schemas['MonthlyTrendDto'];
export type RevenueBreakdown = Schemas['RevenueBreakdownResponseDto'];
export type FounderBankAccount = Schemas['FounderBankAccountDto'];
export type FounderBankAccountResponse = Schemas['FounderBankAccountResponseDto'];
export type SavedBankAccountResponse = Schemas['SaveFounderBankAccountResponseDto'];
export type FounderEarnings = Schemas['FounderEarningsResponseDto'];
export type WithdrawResponse = Schemas['FounderWithdrawResponseDto'];
export type LogoIcon = Schemas['LogoIconDto'];
export type LogoInfo = Schemas['CurrentLogoDto'];
export type LogoChangedResponse = Schemas['LogoChangedResponseDto'];
export type PlatformHealth = Schemas['PlatformHealthDto'];
export type SecurityCheck = PlatformHealth['security_status']['checks'][number];
/** The controls map: setting name -> on/off or a text (`last_backup`: 'never' or an ISO time). */
export type SystemControls = Schemas['SystemControlsDto'];
export type EmergencyActionName = Schemas['EmergencyActionRequestDto']['action'];
export type EmergencyActionResult = Schemas['EmergencyActionResponseDto'];
