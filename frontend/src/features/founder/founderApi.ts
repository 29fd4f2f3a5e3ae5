import type { ApiClient } from '../../api/client';
import { bearerHeader } from '../../api/client';
import { errorDetail } from '../../shared/apiError';
import { multipart } from '../../shared/multipart';
import type {
  EmergencyActionName,
  EmergencyActionResult,
  FounderAnalytics,
  FounderBankAccountResponse,
  FounderEarnings,
  FounderLoginResponse,
  LogoChangedResponse,
  LogoInfo,
  PlatformHealth,
  RevenueBreakdown,
  SavedBankAccountResponse,
  SystemControls,
  WithdrawResponse,
} from './types';

/** What a founder call gave: the data, or the HTTP status (0: no answer) and the server's sentence. */
export type FounderResult<T> = { ok: true; data: T } | { ok: false; status: number; detail: string | null };

/**
 * The founder's calls (/api/founder/*) over the app's one API client, each with the founder token. Forms are sent as
 * multipart, as the seed's endpoints take them.
 */
export class FounderApi {
  constructor(private readonly client: ApiClient) {}

  personalLogin(fields: { email: string; phone: string; license_number: string }): Promise<FounderResult<FounderLoginResponse>> {
    return settle(() => this.client.POST('/api/founder/personal-login', multipart(fields)));
  }

  legacyLogin(fields: { username: string; password: string }): Promise<FounderResult<FounderLoginResponse>> {
    return settle(() => this.client.POST('/api/founder/login', multipart(fields)));
  }

  analytics(token: string): Promise<FounderResult<FounderAnalytics>> {
    return settle(() => this.client.GET('/api/founder/analytics', { headers: bearerHeader(token) }));
  }

  revenueBreakdown(token: string): Promise<FounderResult<RevenueBreakdown>> {
    return settle(() => this.client.GET('/api/founder/revenue-breakdown', { headers: bearerHeader(token) }));
  }

  bankAccount(token: string): Promise<FounderResult<FounderBankAccountResponse>> {
    return settle(() => this.client.GET('/api/founder/bank-account', { headers: bearerHeader(token) }));
  }

  saveBankAccount(
    token: string,
    fields: { bank_name: string; account_number: string; routing_number: string; account_holder_name: string },
  ): Promise<FounderResult<SavedBankAccountResponse>> {
    return settle(() => this.client.POST('/api/founder/bank-account', { headers: bearerHeader(token), ...multipart(fields) }));
  }

  platformEarnings(token: string): Promise<FounderResult<FounderEarnings>> {
    return settle(() => this.client.GET('/api/founder/platform-earnings', { headers: bearerHeader(token) }));
  }

  withdraw(token: string, amount: string): Promise<FounderResult<WithdrawResponse>> {
    return settle(() => this.client.POST('/api/founder/withdraw', { headers: bearerHeader(token), ...multipart({ amount }) }));
  }

  currentLogo(token: string): Promise<FounderResult<LogoInfo>> {
    return settle(() => this.client.GET('/api/founder/current-logo', { headers: bearerHeader(token) }));
  }

  uploadLogo(token: string, file: File): Promise<FounderResult<LogoChangedResponse>> {
    return settle(() =>
      this.client.POST('/api/founder/upload-logo', { headers: bearerHeader(token), ...multipart({ logo_file: { blob: file, filename: file.name || 'logo' } }) }),
    );
  }

  resetLogo(token: string): Promise<FounderResult<LogoChangedResponse>> {
    return settle(() => this.client.POST('/api/founder/reset-logo', { headers: bearerHeader(token) }));
  }

  platformHealth(token: string): Promise<FounderResult<PlatformHealth>> {
    return settle(() => this.client.GET('/api/founder/platform-health', { headers: bearerHeader(token) }));
  }

  systemControls(token: string): Promise<FounderResult<SystemControls>> {
    return settle(() => this.client.GET('/api/founder/system-controls', { headers: bearerHeader(token) }));
  }

  emergencyAction(token: string, action: EmergencyActionName, reason: string): Promise<FounderResult<EmergencyActionResult>> {
    return settle(() => this.client.POST('/api/founder/emergency-action', { headers: bearerHeader(token), ...multipart({ action, reason }) }));
  }
}

/** Runs a call (building its body included) and tells its data from its failure; no answer at all is status 0. */
async function settle<T>(call: () => Promise<{ data?: T; error?: unknown; response: Response }>): Promise<FounderResult<T>> {
  try {
    const { data, error, response } = await call();
    if (data !== undefined && response.ok) return { ok: true, data };
    const detail = errorDetail(error, '');
    return { ok: false, status: response.status, detail: detail === '' ? null : detail };
  } catch {
    return { ok: false, status: 0, detail: null };
  }
}
