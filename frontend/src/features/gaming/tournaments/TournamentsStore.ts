import { makeAutoObservable, runInAction } from 'mobx';
import type { RootStore } from '../../../stores/RootStore';
import { errorDetail, sendChange } from '../../../shared/apiError';
import type { LoadStatus } from '../../../shared/resource';
import { TOURNAMENT_DEFAULTS, TOURNAMENT_MESSAGES, validateTournament, type TournamentErrors } from './messages';
import type { MatchResultInput, Tournament, TournamentDetail, TournamentInput, TournamentStatus } from './types';

/** A field the server named in a 400 (`errors[].field`), when it is one of the form's. */
const FORM_FIELDS: readonly (keyof TournamentInput)[] = ['name', 'game', 'description', 'entry_fee', 'prize_pool', 'max_participants', 'start_date'];

function fieldErrors(error: unknown): TournamentErrors {
  const list = error && typeof error === 'object' && 'errors' in error ? (error as { errors?: unknown }).errors : undefined;
  const errors: TournamentErrors = {};
  if (!Array.isArray(list)) return errors;
  for (const entry of list as { field?: string; message?: string }[]) {
    const field = entry.field as keyof TournamentInput | undefined;
    if (field && FORM_FIELDS.includes(field) && entry.message && !errors[field]) errors[field] = entry.message;
  }
  return errors;
}

/** What a change answers: the tournament's card (join, leave) or its detail. */
type Changed = Tournament | TournamentDetail;

/**
 * Tournaments (seed 002 §2.10, §4, §5): the list (with its status filter), the one open in the detail view, and what
 * a user does with them (create, join, leave; the organizer's start and cancel; reporting a match's result).
 */
export class TournamentsStore {
  list: Tournament[] = [];
  listStatus: LoadStatus = 'idle';
  filter: TournamentStatus | 'all' = 'all';

  detail: TournamentDetail | null = null;
  detailId: string | null = null;
  detailStatus: LoadStatus | 'not-found' = 'idle';

  createErrors: TournamentErrors = {};
  creating = false;
  /** Ids of tournaments a join, leave, start or cancel is under way for. */
  busy = new Set<string>();
  /** The match a report is on its way for. */
  reporting: string | null = null;

  private listRequest = 0;
  private detailRequest = 0;

  constructor(readonly root: RootStore) {
    makeAutoObservable<this, 'listRequest' | 'detailRequest'>(this, { root: false, listRequest: false, detailRequest: false }, { autoBind: true });
  }

  isBusy(id: string): boolean {
    return this.busy.has(id);
  }

  setFilter(filter: TournamentStatus | 'all'): void {
    if (this.filter === filter) return;
    this.filter = filter;
    void this.load();
  }

  /** The list, as the filter asks (the server orders it: open first by start date, then in progress, then the rest). */
  async load(): Promise<void> {
    const request = ++this.listRequest;
    if (this.listStatus !== 'ready') this.listStatus = 'loading';
    const status = this.filter === 'all' ? undefined : this.filter;
    try {
      const { data } = await this.root.api.GET('/api/gaming/tournaments', { params: { query: status ? { status } : {} } });
      runInAction(() => {
        if (request !== this.listRequest) return;
        if (data) {
          this.list = data;
          this.listStatus = 'ready';
        } else this.listStatus = 'error';
      });
    } catch {
      runInAction(() => {
        if (request === this.listRequest) this.listStatus = 'error';
      });
    }
  }

  /** Opens the detail view of `id` (a card, or ?tournament= in the URL). */
  async openDetail(id: string): Promise<void> {
    const request = ++this.detailRequest;
    if (this.detailId !== id) {
      this.detail = null;
      this.detailStatus = 'loading';
    }
    this.detailId = id;
    try {
      const { data, response } = await this.root.api.GET('/api/gaming/tournament/{id}', { params: { path: { id } } });
      runInAction(() => {
        if (request !== this.detailRequest) return;
        if (data) {
          this.detail = data;
          this.detailStatus = 'ready';
          this.merge(this.detail);
        } else this.detailStatus = response.status === 404 || response.status === 400 ? 'not-found' : 'error';
      });
    } catch {
      runInAction(() => {
        if (request === this.detailRequest) this.detailStatus = 'error';
      });
    }
  }

  closeDetail(): void {
    this.detailRequest += 1;
    this.detailId = null;
    this.detail = null;
    this.detailStatus = 'idle';
  }

  /** A tournament the server answered with: its card, and the detail when it shows this one. */
  private merge(changed: Changed): void {
    const { participants: _p, bracket: _b, cancel_reason: _c, ...card } = changed as TournamentDetail;
    const index = this.list.findIndex((t) => t.id === changed.id);
    if (index >= 0) this.list[index] = card;
    else if (this.filter === 'all' || this.filter === changed.status) this.list.unshift(card);
    if (this.detail && this.detail.id === changed.id) {
      this.detail = 'participants' in changed ? (changed as TournamentDetail) : { ...this.detail, ...card };
    }
  }

  clearCreateErrors(field?: keyof TournamentInput): void {
    if (!field) this.createErrors = {};
    else if (this.createErrors[field]) {
      const { [field]: _gone, ...rest } = this.createErrors;
      this.createErrors = rest;
    }
  }

  /** Creates a tournament; the new one, or null (the form shows why; a failure toasts 'Failed to create tournament'). */
  async create(input: TournamentInput): Promise<TournamentDetail | null> {
    if (this.creating) return null;
    const errors = validateTournament(input);
    this.createErrors = errors;
    if (Object.keys(errors).length > 0) return null;
    this.creating = true;
    const body = {
      name: input.name.trim(),
      game: input.game.trim(),
      description: input.description.trim(),
      entry_fee: Number(input.entry_fee.trim() || TOURNAMENT_DEFAULTS.entryFee),
      prize_pool: Number(input.prize_pool.trim()),
      max_participants: Number(input.max_participants.trim() || TOURNAMENT_DEFAULTS.maxParticipants),
      start_date: new Date(input.start_date).toISOString(),
    };
    let created: TournamentDetail | null = null;
    let failure: unknown = null;
    try {
      const { data, error } = await this.root.api.POST('/api/gaming/tournament/create', { body });
      if (data) created = data;
      else failure = error ?? {};
    } catch {
      failure = {};
    }
    runInAction(() => {
      this.creating = false;
      if (created) {
        this.createErrors = {};
        this.merge(created);
      } else this.createErrors = fieldErrors(failure);
    });
    if (created) this.root.notify.success(TOURNAMENT_MESSAGES.created, { action: 'gaming.tournament.create' });
    else this.root.notify.error(TOURNAMENT_MESSAGES.createFailed, { action: 'gaming.tournament.create' });
    return created;
  }

  /** Runs a change on tournament `id` (one at a time per tournament) and takes the server's answer. */
  private async change(
    id: string,
    call: () => Promise<{ data?: unknown; error?: unknown }>,
    { success, failure, action }: { success?: string; failure: string; action: string },
  ): Promise<boolean> {
    if (this.busy.has(id)) return false;
    this.busy.add(id);
    const result = await sendChange(call, failure);
    runInAction(() => {
      this.busy.delete(id);
      if (result.ok) this.merge(result.data as Changed);
    });
    const toast = { action: `${action}:${id}` };
    if (result.ok) {
      if (success) this.root.notify.success(success, toast);
      // A leave or join answers the card only: the detail's participants are read again.
      if (this.detailId === id && !('participants' in (result.data as object))) void this.openDetail(id);
    } else {
      this.root.notify.error(result.detail, toast);
      // What changed meanwhile (the last place taken, the tournament started) shows.
      void this.load();
      if (this.detailId === id) void this.openDetail(id);
    }
    return result.ok;
  }

  join(id: string): Promise<boolean> {
    return this.change(id, () => this.root.api.POST('/api/gaming/tournament/{id}/join', { params: { path: { id } } }), {
      success: TOURNAMENT_MESSAGES.joined,
      failure: TOURNAMENT_MESSAGES.joinFailed,
      action: 'gaming.tournament.join',
    });
  }

  leave(id: string): Promise<boolean> {
    return this.change(id, () => this.root.api.POST('/api/gaming/tournament/{id}/leave', { params: { path: { id } } }), {
      success: TOURNAMENT_MESSAGES.left,
      failure: TOURNAMENT_MESSAGES.leaveFailed,
      action: 'gaming.tournament.join',
    });
  }

  start(id: string): Promise<boolean> {
    return this.change(id, () => this.root.api.POST('/api/gaming/tournament/{id}/start', { params: { path: { id } } }), {
      success: TOURNAMENT_MESSAGES.started,
      failure: TOURNAMENT_MESSAGES.startFailed,
      action: 'gaming.tournament.start',
    });
  }

  cancel(id: string, reason: string): Promise<boolean> {
    const text = reason.trim();
    return this.change(
      id,
      () => this.root.api.POST('/api/gaming/tournament/{id}/cancel', { params: { path: { id } }, body: text ? { reason: text } : {} }),
      { success: TOURNAMENT_MESSAGES.cancelled, failure: TOURNAMENT_MESSAGES.cancelFailed, action: 'gaming.tournament.cancel' },
    );
  }

  /** Reports match `matchId`'s result (the organizer decides; a player's report counts once both agree). */
  async report(id: string, matchId: string, result: MatchResultInput): Promise<boolean> {
    if (this.reporting) return false;
    this.reporting = matchId;
    const body: MatchResultInput = { winner_id: result.winner_id };
    if (result.score1 !== undefined) body.score1 = result.score1;
    if (result.score2 !== undefined) body.score2 = result.score2;
    let answer: TournamentDetail | null = null;
    let detail: string = TOURNAMENT_MESSAGES.reportFailed;
    try {
      const { data, error } = await this.root.api.POST('/api/gaming/tournament/{id}/match/{matchId}/report', {
        params: { path: { id, matchId } },
        body,
      });
      if (data) answer = data;
      else detail = errorDetail(error, TOURNAMENT_MESSAGES.reportFailed);
    } catch {
      // The fallback sentence.
    }
    runInAction(() => {
      this.reporting = null;
      if (answer) this.merge(answer);
    });
    if (answer) this.root.notify.success(TOURNAMENT_MESSAGES.reported, { action: `gaming.tournament.report:${matchId}` });
    else {
      this.root.notify.error(detail, { action: `gaming.tournament.report:${matchId}` });
      if (this.detailId === id) void this.openDetail(id);
    }
    return answer !== null;
  }
}
