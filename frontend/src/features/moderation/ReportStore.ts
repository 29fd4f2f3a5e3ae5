import { makeAutoObservable, runInAction } from 'mobx';
import type { RootStore } from '../../stores/RootStore';
import { errorDetail } from '../../shared/apiError';
import { formatClock } from '../../shared/format';
import { multipart } from '../../shared/multipart';
import {
  REPORT_DESCRIPTION_MAX,
  REPORT_MESSAGES,
  TIMED_CONTENT,
  parseTimestamp,
  timestampText,
  type ContentType,
  type ReportReason,
} from './messages';

/** What a Report control reports, as its page knows it. */
export interface ReportTarget {
  contentType: ContentType;
  /** The item's id; for a channel (`user`) the account's id. */
  contentId: string;
  /** What the dialog says is being reported ("the video “Sunrise”", "@sam's comment"). */
  label: string;
  /** Where the player was when Report was chosen (seconds), for a video, short or movie. */
  at?: number | null;
  /** The media's length in seconds, when known: a time past it is refused. */
  durationSeconds?: number | null;
}

/** The toast about reporting: a later one replaces it. */
const TOAST = { action: 'moderation.report' };

/**
 * The Report Content dialog (seed 000 §2, §4, §5, §8, §9): closed, open (for a signed-in user only), submitting, then
 * closed and cleared on success. The report goes as multipart to POST /api/content/report.
 */
export class ReportStore {
  target: ReportTarget | null = null;
  reason: ReportReason | null = null;
  description = '';
  /** The time field's text ("1:23"); empty sends no time. */
  at = '';
  reasonError: string | null = null;
  atError: string | null = null;
  submitting = false;

  constructor(readonly root: RootStore) {
    makeAutoObservable(this, { root: false }, { autoBind: true });
  }

  get opened(): boolean {
    return this.target !== null;
  }

  /** Whether the dialog offers a time (videos, shorts and movies). */
  get timed(): boolean {
    return this.target !== null && TIMED_CONTENT.includes(this.target.contentType);
  }

  /** Opens the dialog on `target`; a visitor gets 'Please login to report content' instead. */
  open(target: ReportTarget): boolean {
    if (!this.root.auth.user) {
      this.signInRequired();
      return false;
    }
    this.clear();
    this.target = target;
    this.at = TIMED_CONTENT.includes(target.contentType) ? timestampText(target.at) : '';
    return true;
  }

  /** Says that reporting needs an account (a visitor's Report, before the sign-in page). */
  signInRequired(): void {
    this.root.notify.error(REPORT_MESSAGES.loginRequired, TOAST);
  }

  /** Closes without sending (not while the report is on its way). */
  close(): void {
    if (this.submitting) return;
    this.clear();
  }

  setReason(reason: ReportReason | null): void {
    this.reason = reason;
    if (reason) this.reasonError = null;
  }

  setDescription(description: string): void {
    this.description = description.slice(0, REPORT_DESCRIPTION_MAX);
  }

  setAt(at: string): void {
    this.at = at;
    this.atError = null;
  }

  /** Sends the report; true when the server took it (the dialog then closes, cleared). */
  async submit(): Promise<boolean> {
    const target = this.target;
    if (!target || this.submitting) return false;
    if (!this.root.auth.user) {
      this.signInRequired();
      return false;
    }
    if (!this.reason) {
      this.reasonError = REPORT_MESSAGES.reasonRequired;
      return false;
    }
    let seconds: number | null = null;
    if (this.timed) {
      seconds = parseTimestamp(this.at);
      if (seconds !== null && Number.isNaN(seconds)) {
        this.atError = REPORT_MESSAGES.badTime;
        return false;
      }
      const length = target.durationSeconds;
      if (seconds !== null && length !== null && length !== undefined && length > 0 && seconds > Math.ceil(length)) {
        this.atError = REPORT_MESSAGES.timePastEnd(formatClock(length));
        return false;
      }
    }

    this.submitting = true;
    let outcome: 'reported' | 'already' | 'signed-out' | 'refused' | 'failed' = 'failed';
    let detail: string = REPORT_MESSAGES.failed;
    try {
      const { data, error, response } = await this.root.api.POST('/api/content/report', {
        ...multipart({
          content_type: target.contentType,
          content_id: target.contentId,
          reason: this.reason,
          description: this.description.trim(),
          timestamp_seconds: seconds === null ? undefined : String(seconds),
        }),
      });
      if (data) outcome = 'reported';
      else {
        detail = errorDetail(error, REPORT_MESSAGES.failed);
        if (response.status === 400 && detail.includes('already reported')) outcome = 'already';
        else if (response.status === 401) outcome = 'signed-out';
        // Too many reports in an hour: the server says when to try again.
        else if (response.status === 429) outcome = 'refused';
      }
    } catch {
      outcome = 'failed';
    }

    runInAction(() => {
      this.submitting = false;
      // Nothing more to send: a success, or a report the server already has.
      if (outcome === 'reported' || outcome === 'already') this.clear();
    });
    const { notify } = this.root;
    if (outcome === 'reported') notify.success(REPORT_MESSAGES.reported, TOAST);
    else if (outcome === 'already') notify.error(REPORT_MESSAGES.alreadyReported, TOAST);
    else if (outcome === 'signed-out') notify.error(REPORT_MESSAGES.loginRequired, TOAST);
    else if (outcome === 'refused') notify.error(detail, TOAST);
    else notify.error(REPORT_MESSAGES.failed, TOAST);
    return outcome === 'reported';
  }

  /** Closed and cleared (after signing out too). */
  reset(): void {
    this.clear();
  }

  private clear(): void {
    this.target = null;
    this.reason = null;
    this.description = '';
    this.at = '';
    this.reasonError = null;
    this.atError = null;
    this.submitting = false;
  }
}
