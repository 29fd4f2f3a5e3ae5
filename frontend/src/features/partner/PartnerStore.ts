import { makeAutoObservable, runInAction } from 'mobx';
import type { components } from '../../api/schema';
import type { RootStore } from '../../app/RootStore';
import { errorDetail } from '../../shared/apiError';
import type { LoadStatus } from '../earnings/EarningsStore';
import { PARTNER_MESSAGES, applyAction } from './messages';

export type PartnerProgramStatus = components['schemas']['PartnerProgramStatusDto'];

/**
 * The partner program (seed 001 §2, §4, §5): the signed-in creator's status, requirements and channel figures from
 * GET /api/creator/partner-program-status, and applying (or reapplying) with the original-content attestation.
 */
export class PartnerStore {
  status: LoadStatus = 'idle';
  data: PartnerProgramStatus | null = null;

  /** The "My content is original" box, sent as original_content. */
  confirmOriginal = false;
  applying = false;

  private loadTicket = 0;

  constructor(readonly root: RootStore) {
    makeAutoObservable<this, 'loadTicket'>(this, { root: false, loadTicket: false }, { autoBind: true });
  }

  /** Apply, Reapply, or null when the status offers neither. */
  get action(): 'apply' | 'reapply' | null {
    return this.data ? applyAction(this.data.status) : null;
  }

  /** Seed 001 §5: the button is disabled when not eligible or busy. */
  get canApply(): boolean {
    return this.action !== null && (this.data?.eligible ?? false) && !this.applying;
  }

  setConfirmOriginal(value: boolean): void {
    this.confirmOriginal = value;
  }

  async load(): Promise<boolean> {
    const ticket = ++this.loadTicket;
    if (!this.data) this.status = 'loading';
    let data: PartnerProgramStatus | undefined;
    try {
      ({ data } = await this.root.api.GET('/api/creator/partner-program-status'));
    } catch {
      data = undefined;
    }
    if (ticket !== this.loadTicket) return false;
    runInAction(() => {
      if (data) {
        this.data = data;
        this.status = 'ready';
      } else {
        this.status = 'error';
      }
    });
    return data !== undefined;
  }

  async apply(): Promise<boolean> {
    if (!this.canApply) return false;
    this.applying = true;
    let ok = false;
    let detail: string = PARTNER_MESSAGES.noDetail;
    try {
      const { data, error } = await this.root.api.POST('/api/creator/partner-program/apply', {
        body: { original_content: this.confirmOriginal },
      });
      ok = data?.success === true;
      if (!ok) detail = errorDetail(error, PARTNER_MESSAGES.noDetail);
    } catch {
      ok = false;
    }
    if (!ok) {
      runInAction(() => {
        this.applying = false;
      });
      this.root.notify.error(PARTNER_MESSAGES.applyFailed(detail));
      return false;
    }
    this.root.notify.success(PARTNER_MESSAGES.applied);
    await this.load();
    runInAction(() => {
      this.applying = false;
      this.confirmOriginal = false;
    });
    return true;
  }

  reset(): void {
    this.loadTicket += 1;
    this.status = 'idle';
    this.data = null;
    this.confirmOriginal = false;
    this.applying = false;
  }
}
