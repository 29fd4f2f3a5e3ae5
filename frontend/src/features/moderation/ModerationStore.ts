import type { RootStore } from '../../stores/RootStore';
import { ReportStore } from './ReportStore';
import { StrikesStore } from './StrikesStore';

/**
 * Content moderation for signed-in users: the Report Content dialog, opened from every Report control, and the
 * creator's own guideline strikes with their appeals. (The admin console's queue is `admin.moderation`.)
 */
export class ModerationStore {
  readonly report: ReportStore;
  readonly strikes: StrikesStore;

  constructor(readonly root: RootStore) {
    this.report = new ReportStore(root);
    this.strikes = new StrikesStore(root);
  }

  /** After signing out: the dialog closed and cleared, no one's strikes kept. */
  reset(): void {
    this.report.reset();
    this.strikes.reset();
  }
}
