import { makeAutoObservable, runInAction } from 'mobx';
import type { RootStore } from '../../stores/RootStore';
import { errorDetail } from '../../shared/apiError';
import type { ParentalConsentDto } from './types';

export type ConsentDecision = 'approve' | 'refuse';
export type ConsentLoadState = 'idle' | 'loading' | 'loaded' | 'error';

export const CONSENT_MESSAGES = {
  notFound: 'This consent link is not valid. Please check the link in the email you received.',
  expired: 'This consent link has expired. Your child can register again to send a new request.',
  alreadyDecided: 'A decision has already been recorded for this request.',
  loadFailed: 'Failed to load the consent request',
  decisionFailed: 'Failed to record your decision',
} as const;

/** A parent's consent request for a child's account (under 13), opened from the mailed link. */
export class ConsentStore {
  token: string | null = null;
  request: ParentalConsentDto | null = null;
  loadState: ConsentLoadState = 'idle';
  loadError: string | null = null;

  decisionPending: ConsentDecision | null = null;
  decisionError: string | null = null;
  /** Set once this visit recorded a decision (approved or refused). */
  decided = false;

  constructor(readonly root: RootStore) {
    makeAutoObservable(this, { root: false }, { autoBind: true });
  }

  /** A pending request whose link has run out (the server refuses it with 410 too). */
  get isExpired(): boolean {
    if (!this.request || this.request.status !== 'pending') return false;
    const expires = Date.parse(this.request.expires_at);
    return !Number.isNaN(expires) && expires <= Date.now();
  }

  get canDecide(): boolean {
    return this.request?.status === 'pending' && !this.isExpired && this.decisionPending === null;
  }

  async load(token: string): Promise<void> {
    this.token = token;
    this.loadState = 'loading';
    this.loadError = null;
    this.decisionError = null;
    this.decided = false;
    this.request = null;
    try {
      const { data, error, response } = await this.root.api.GET('/api/parental-consent/{token}', {
        params: { path: { token } },
      });
      runInAction(() => {
        if (data) {
          this.request = data;
          this.loadState = 'loaded';
        } else {
          this.loadState = 'error';
          this.loadError =
            response.status === 404
              ? CONSENT_MESSAGES.notFound
              : response.status === 410
                ? CONSENT_MESSAGES.expired
                : errorDetail(error, CONSENT_MESSAGES.loadFailed);
        }
      });
    } catch {
      runInAction(() => {
        this.loadState = 'error';
        this.loadError = CONSENT_MESSAGES.loadFailed;
      });
    }
  }

  async decide(decision: ConsentDecision): Promise<boolean> {
    const token = this.token;
    if (!token || this.decisionPending) return false;
    this.decisionPending = decision;
    this.decisionError = null;
    const path = decision === 'approve' ? '/api/parental-consent/{token}/approve' : '/api/parental-consent/{token}/refuse';
    try {
      const { data, error, response } = await this.root.api.POST(path, { params: { path: { token } } });
      if (data) {
        runInAction(() => {
          this.request = data;
          this.decided = true;
          this.decisionPending = null;
        });
        return true;
      }
      const status = response.status;
      runInAction(() => {
        this.decisionPending = null;
        if (status === 410) {
          // The page then shows the expired notice in place of the buttons.
          this.markExpired();
          return;
        }
        this.decisionError =
          status === 409
            ? CONSENT_MESSAGES.alreadyDecided
            : status === 404
              ? CONSENT_MESSAGES.notFound
              : errorDetail(error, CONSENT_MESSAGES.decisionFailed);
      });
      // Show what was recorded before.
      if (status === 409) await this.refresh();
      return false;
    } catch {
      runInAction(() => {
        this.decisionPending = null;
        this.decisionError = CONSENT_MESSAGES.decisionFailed;
      });
      return false;
    }
  }

  private async refresh(): Promise<void> {
    const token = this.token;
    if (!token) return;
    try {
      const { data } = await this.root.api.GET('/api/parental-consent/{token}', { params: { path: { token } } });
      if (data) runInAction(() => (this.request = data));
    } catch {
      // Keep what is shown; the error message already explains.
    }
  }

  private markExpired(): void {
    if (this.request) this.request = { ...this.request, expires_at: new Date(0).toISOString() };
  }
}
