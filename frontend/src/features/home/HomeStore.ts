import { makeAutoObservable, runInAction } from 'mobx';
import type { RootStore } from '../../stores/RootStore';
import type { components } from '../../api/schema';
import { Resource } from '../../shared/resource';
import { errorDetail } from '../../shared/apiError';

export type HomeDto = components['schemas']['HomeResponseDto'];
export type ContinueWatchingItem = components['schemas']['ContinueWatchingItemDto'];

export const HOME_MESSAGES = {
  removed: 'Removed from Continue watching',
  removeFailed: (detail: string) => `Could not remove it from Continue watching: ${detail}`,
} as const;

/**
 * Home's sections from GET /api/home: Continue watching and Following for a signed-in user, Trending for everyone.
 * (New and the Shorts shelf are the videos' and reels' own lists.)
 */
export class HomeStore {
  readonly sections = new Resource<HomeDto>();

  constructor(readonly root: RootStore) {
    makeAutoObservable(this, { root: false, sections: false }, { autoBind: true });
  }

  /** Reads the sections again (who is signed in changes them). */
  async load(): Promise<void> {
    await this.sections.load(async () => (await this.root.api.GET('/api/home')).data);
  }

  /** Forgets what was read: Following and Continue watching belong to whoever was signed in. */
  reset(): void {
    this.sections.reset();
  }

  /** Takes a video out of Continue watching, on the server first. */
  async forget(id: string): Promise<void> {
    const action = `home.forget:${id}`;
    const { response, error } = await this.root.api.DELETE('/api/home/continue-watching/{id}', { params: { path: { id } } }).catch(() => ({ response: undefined, error: undefined }));
    // Already gone (another tab, another device) is what the user asked for.
    if (response?.ok || response?.status === 404) {
      runInAction(() => {
        const data = this.sections.data;
        if (data) this.sections.set({ ...data, continue_watching: data.continue_watching.filter((c) => c.video.id !== id) });
      });
      this.root.notify.success(HOME_MESSAGES.removed, { action });
      return;
    }
    this.root.notify.error(HOME_MESSAGES.removeFailed(errorDetail(error, 'please try again.')), { action });
  }
}
