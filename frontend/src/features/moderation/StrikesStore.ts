import { makeAutoObservable, runInAction } from 'mobx';
import type { RootStore } from '../../stores/RootStore';
import { sendChange } from '../../shared/apiError';
import { Resource, type LoadStatus } from '../../shared/resource';
import { APPEAL_MESSAGE_MAX, MODERATION_MESSAGES } from './messages';
import type { Strike } from './types';

/**
 * The signed-in creator's guideline strikes (GET /api/moderation/strikes), newest first, and the appeal of one while
 * the server says it can be appealed.
 */
export class StrikesStore {
  private readonly list = new Resource<Strike[]>();
  /** Strikes with an appeal on its way. */
  appealing = new Set<string>();

  constructor(readonly root: RootStore) {
    makeAutoObservable<this, 'list'>(this, { root: false, list: false }, { autoBind: true });
  }

  get status(): LoadStatus {
    return this.list.status;
  }

  get strikes(): Strike[] {
    return this.list.data ?? [];
  }

  /** The strikes in force now. */
  get active(): Strike[] {
    return this.strikes.filter((strike) => strike.status === 'active');
  }

  isAppealing(id: string): boolean {
    return this.appealing.has(id);
  }

  load(): Promise<boolean> {
    return this.list.load(async () => (await this.root.api.GET('/api/moderation/strikes')).data?.strikes);
  }

  /**
   * Appeals `strike` with `message` (1 to 2000 characters). Null when sent (the strike then shows its appeal);
   * otherwise the sentence the form shows under the message.
   */
  async appeal(strike: Strike, message: string): Promise<string | null> {
    const text = message.trim();
    if (!text) return MODERATION_MESSAGES.appealRequired;
    if (text.length > APPEAL_MESSAGE_MAX) return `An appeal has at most ${APPEAL_MESSAGE_MAX} characters`;
    if (this.appealing.has(strike.id)) return null;
    this.appealing.add(strike.id);
    const result = await sendChange(
      () => this.root.api.POST('/api/moderation/strikes/{id}/appeal', { params: { path: { id: strike.id } }, body: { message: text } }),
      MODERATION_MESSAGES.noDetail,
    );
    runInAction(() => {
      this.appealing.delete(strike.id);
      if (result.ok) this.list.set(this.strikes.map((s) => (s.id === result.data.id ? result.data : s)));
    });
    const toast = { action: `moderation.appeal:${strike.id}` };
    if (result.ok) {
      this.root.notify.success(MODERATION_MESSAGES.appealSent, toast);
      return null;
    }
    // The strike may have changed meanwhile (decided, expired): show it as it is now.
    void this.load();
    return MODERATION_MESSAGES.appealFailed(result.detail);
  }

  reset(): void {
    this.list.reset();
    this.appealing.clear();
  }
}
