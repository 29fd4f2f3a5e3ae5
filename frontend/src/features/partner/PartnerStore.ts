import { makeAutoObservable, runInAction } from 'mobx';
import type { components } from '../../api/schema';
import type { RootStore } from '../../stores/RootStore';
import { sendChange } from '../../shared/apiError';
import { Resource, type LoadStatus } from '../../shared/resource';
import { PARTNER_MESSAGES, applyAction } from './messages';

export type PartnerProgramStatus = components['schemas']['PartnerProgramStatusDto'];

/**
 * The partner program (seed 001 §2, §4, §5): the signed-in creator's status, requirements and channel figures from
 * GET /api/creator/partner-program-status, and applying (or reapplying) with the original-content attestation.
 */
export class PartnerStore {
  private readonly program = new Resource<PartnerProgramStatus>();

  /** The "My content is original" box, sent as original_content. */
  confirmOriginal = false;
  applying = false;

  constructor(readonly root: RootStore) {
    makeAutoObservable<this, 'program'>(this, { root: false, program: false }, { autoBind: true });
  }

  get status(): LoadStatus {
    return this.program.status;
  }

  get data(): PartnerProgramStatus | null {
    return this.program.data;
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

  load(): Promise<boolean> {
    return this.program.load(async () => (await this.root.api.GET('/api/creator/partner-program-status')).data);
  }

  async apply(): Promise<boolean> {
    if (!this.canApply) return false;
    this.applying = true;
    const result = await sendChange(
      () => this.root.api.POST('/api/creator/partner-program/apply', { body: { original_content: this.confirmOriginal } }),
      PARTNER_MESSAGES.noDetail,
      (data) => data.success === true,
    );
    if (!result.ok) {
      runInAction(() => {
        this.applying = false;
      });
      this.root.notify.error(PARTNER_MESSAGES.applyFailed(result.detail), { action: 'partner.apply' });
      return false;
    }
    this.root.notify.success(PARTNER_MESSAGES.applied, { action: 'partner.apply' });
    await this.load();
    runInAction(() => {
      this.applying = false;
      this.confirmOriginal = false;
    });
    return true;
  }

  reset(): void {
    this.program.reset();
    this.confirmOriginal = false;
    this.applying = false;
  }
}
