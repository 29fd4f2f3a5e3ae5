import { makeAutoObservable, runInAction } from 'mobx';

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error';

/**
 * One value a screen shows from the server. A refresh keeps the shown value until the new one arrives (the status
 * stays 'ready'), a failed load says 'error', and an answer older than the latest request is dropped.
 */
export class Resource<T> {
  status: LoadStatus = 'idle';
  data: T | null = null;
  private ticket = 0;

  constructor() {
    makeAutoObservable<this, 'ticket'>(this, { ticket: false }, { autoBind: true });
  }

  /** `fetch` answers the value, or undefined when the server did not give it. True when this load's value is shown. */
  async load(fetch: () => Promise<T | undefined>): Promise<boolean> {
    const ticket = ++this.ticket;
    if (this.data === null) this.status = 'loading';
    let data: T | undefined;
    try {
      data = await fetch();
    } catch {
      data = undefined;
    }
    if (ticket !== this.ticket) return false;
    runInAction(() => {
      if (data !== undefined) {
        this.data = data;
        this.status = 'ready';
      } else {
        this.status = 'error';
      }
    });
    return data !== undefined;
  }

  /** Replaces the shown value (a change the server confirmed). */
  set(data: T): void {
    this.data = data;
  }

  /** Back to nothing loaded; a load still running is ignored when it answers. */
  reset(): void {
    this.ticket += 1;
    this.status = 'idle';
    this.data = null;
  }
}
