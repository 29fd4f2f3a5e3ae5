import { makeAutoObservable, runInAction } from 'mobx';
import type { RootStore } from '../../stores/RootStore';
import { errorDetail } from '../../shared/apiError';

/** The server's limits for a feedback message (POST /api/feedback). */
export const FEEDBACK_MAX_LENGTH = 2000;

export const FEEDBACK_MESSAGES = {
  required: 'Feedback message is required',
  tooLong: `Feedback must be at most ${FEEDBACK_MAX_LENGTH} characters`,
  failed: 'Failed to send feedback. Please try again.',
} as const;

/** "Send feedback" in the header's settings menu: the message is stored for the instance's admins. */
export class FeedbackStore {
  pending = false;
  error: string | null = null;

  constructor(readonly root: RootStore) {
    makeAutoObservable(this, { root: false }, { autoBind: true });
  }

  /** Sends the message; the server's thanks becomes a toast. Returns true when it was stored. */
  async send(message: string): Promise<boolean> {
    const text = message.trim();
    this.error = null;
    if (!text) {
      this.error = FEEDBACK_MESSAGES.required;
      return false;
    }
    if (text.length > FEEDBACK_MAX_LENGTH) {
      this.error = FEEDBACK_MESSAGES.tooLong;
      return false;
    }
    this.pending = true;
    let thanks: string | undefined;
    let detail: string = FEEDBACK_MESSAGES.failed;
    try {
      const { data, error } = await this.root.api.POST('/api/feedback', { body: { message: text } });
      thanks = data?.message;
      if (!data) detail = errorDetail(error, FEEDBACK_MESSAGES.failed);
    } catch {
      thanks = undefined;
    }
    runInAction(() => {
      this.pending = false;
      if (thanks === undefined) this.error = detail;
    });
    if (thanks === undefined) return false;
    this.root.notify.success(thanks, { action: 'feedback.send' });
    return true;
  }

  clearError(): void {
    this.error = null;
  }
}
