import { Inject, Injectable, Logger } from '@nestjs/common';
import { RequestContext } from '@mikro-orm/core';
import { MikroORM } from '@mikro-orm/postgresql';
import { APP_CONFIG, type AppConfig } from '../../../common/config/config.js';
import { AccountsFacade } from '../../accounts/accounts.facade.js';
import { CatalogFacade } from '../../catalog/catalog.facade.js';
import { IdentityFacade } from '../../identity/identity.facade.js';
import { MonetizationFacade } from '../../monetization/monetization.facade.js';
import { SocialFacade } from '../../social/social.facade.js';
import { DEMO_GAME_IDS, demoPlan, demoPlayTime, demoStars, initials, type DemoGaming, type DemoMedia, type DemoPlan } from '../domain/demo-plan.js';
import { DEMO_MARK, DEMO_MARKS, DEMO_MEDIA_MAKER, type DemoMarks, type DemoMediaMaker } from '../domain/ports.js';

/** The seeding stopped on purpose: the app is closing, the demo was removed, or another process took over. */
export class DemoStopped extends Error {}

interface Creator {
  userId: string;
  accountId: string;
}

/** How long to wait for the demo's media to be processed before the likes, comments and views (they need them ready). */
const PROCESSING_WAIT_MS = 30 * 60_000;

/**
 * Seeds the demo platform (product.md §13) on a new instance, once: when DEMO_DATA is on and nobody but
 * administrators has registered. Everything goes through the use cases people's requests go through (the same
 * rules, events and durable jobs): creators (demo users, random unknown passwords) with their channel settings, links, a
 * generated avatar and banner; the membership channels of seed 001; follows; videos, reels, movies, music tracks and podcast
 * episodes generated one at a time and uploaded (processing is the normal job); then, once they are processed, likes,
 * comments, views (plays) and podcast subscriptions.
 *
 * Resumable: each step looks at what exists (users by name, media by title) or at its mark, so a start after a stop
 * mid-way carries on. Marks in the database: `demo:started` (from then on a restart resumes even though the demo's
 * own users exist), `demo:done`, `demo:skipped` (people were there first) and `demo:removed` (set by demo:remove: the
 * demo never comes back). A lease keeps a second process from seeding at the same time.
 */
@Injectable()
export class SeedDemoUseCase {
  private readonly logger = new Logger('Demo');

  constructor(
    private readonly orm: MikroORM,
    @Inject(DEMO_MARKS) private readonly marks: DemoMarks,
    @Inject(DEMO_MEDIA_MAKER) private readonly maker: DemoMediaMaker,
    private readonly identity: IdentityFacade,
    private readonly accounts: AccountsFacade,
    private readonly catalog: CatalogFacade,
    private readonly social: SocialFacade,
    private readonly monetization: MonetizationFacade,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private ctx<T>(fn: () => Promise<T>): Promise<T> {
    return RequestContext.create(this.orm.em, fn);
  }

  /**
   * Decides at start whether this instance gets (or still needs) the demo, marking `demo:started` on a new one: in
   * the start itself (two quick queries), so that people who register right after the start do not change the answer.
   */
  async begin(): Promise<boolean> {
    return this.ctx(async () => {
      for (const end of [DEMO_MARK.done, DEMO_MARK.removed, DEMO_MARK.skipped]) if (await this.marks.has(end)) return false;
      if (await this.marks.has(DEMO_MARK.started)) return true;
      if (await this.identity.hasPeople()) {
        await this.marks.mark(DEMO_MARK.skipped);
        this.logger.log('The demo data is not seeded: people have registered on this instance already');
        return false;
      }
      await this.marks.mark(DEMO_MARK.started);
      return true;
    });
  }

  /** Seeds what is missing (after begin() said so); returns whether the demo is complete. */
  async execute(signal: AbortSignal): Promise<boolean> {
    if (!(await this.ctx(() => this.marks.claimLease()))) {
      this.logger.log('Another server process is seeding the demo data');
      return false;
    }
    try {
      return await this.seed(signal);
    } finally {
      await this.ctx(() => this.marks.releaseLease()).catch(() => undefined);
    }
  }

  private async seed(signal: AbortSignal): Promise<boolean> {
    const started = Date.now();
    const state = await this.ctx(async () => ({ done: await this.marks.has(DEMO_MARK.done), removed: await this.marks.has(DEMO_MARK.removed) }));
    if (state.done || state.removed) return true;
    const plan = demoPlan(this.config.demoDataScale);
    const count = (k: DemoMedia['kind']) => plan.media.filter((m) => m.kind === k).length;
    this.logger.log(
      plan.creators.length
        ? `Seeding the demo data in the background: ${plan.creators.length} creators, ${count('video')} videos, ${count('reel')} reels, ${count('movie')} movies, ${count('track')} music tracks and ${count('episode')} podcast episodes (DEMO_DATA=false turns this off; npm run cli -- demo:remove removes it)`
        : 'Seeding the demo membership channels',
    );

    const creators = new Map<string, Creator>();
    for (const c of plan.creators) {
      await this.checkpoint(signal);
      creators.set(c.username, await this.ctx(() => this.creator(c, signal)));
    }
    await this.checkpoint(signal);
    await this.monetization.seedSampleChannels();

    for (const [follower, followee] of plan.follows) {
      await this.ctx(() => this.social.follow(creators.get(follower)!.userId, creators.get(followee)!.userId));
    }

    for (const item of plan.media) {
      await this.checkpoint(signal);
      await this.publish(item, creators.get(item.creator)!, signal);
    }

    let ready = new Map<string, string>();
    if (plan.media.length) {
      ready = await this.waitUntilProcessed(plan, creators, signal);
      if (!(await this.ctx(() => this.marks.has(DEMO_MARK.engagement)))) {
        await this.engage(plan, creators, ready, signal);
        await this.ctx(() => this.marks.mark(DEMO_MARK.engagement));
      }
    }
    if (plan.gaming) await this.gaming(plan.gaming, creators, ready, signal);
    await this.ctx(() => this.marks.mark(DEMO_MARK.done));
    this.logger.log(`The demo data is ready (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    return true;
  }

  /** Stops when the app closes, the demo was removed meanwhile, or the lease was lost; renews the lease otherwise. */
  private async checkpoint(signal: AbortSignal): Promise<void> {
    if (signal.aborted) throw new DemoStopped('the server is stopping');
    await this.ctx(async () => {
      if (await this.marks.has(DEMO_MARK.removed)) throw new DemoStopped('the demo data was removed');
      if (!(await this.marks.renewLease())) throw new DemoStopped('another process took over the seeding');
    });
  }

  private async creator(c: DemoPlan['creators'][number], signal: AbortSignal): Promise<Creator> {
    const made = await this.identity.createSampleCreator({ username: c.username, firstName: c.firstName, lastName: c.lastName, channelName: c.channelName });
    await this.accounts.updateProfile(made.userId, made.accountId, { bio: c.bio, website: c.website, location: c.location, links: c.links });
    if (!(await this.accounts.primaryProfile(made.userId))?.photoUrl) {
      const dir = await this.maker.workDir();
      try {
        if (signal.aborted) throw new DemoStopped('the server is stopping');
        await this.accounts.setProfilePhoto(made.userId, made.accountId, await this.maker.avatar(initials(c.channelName), c.colour, dir));
      } finally {
        await this.maker.removeWorkDir(dir);
      }
    }
    if (!(await this.accounts.hasBanner(made.accountId))) {
      const dir = await this.maker.workDir();
      try {
        if (signal.aborted) throw new DemoStopped('the server is stopping');
        const variant = [...c.username].reduce((sum, ch) => sum + ch.charCodeAt(0), 0);
        await this.accounts.setBanner(made.userId, made.accountId, await this.maker.banner(c.colour, c.accent, variant, dir));
      } finally {
        await this.maker.removeWorkDir(dir);
      }
    }
    return made;
  }

  /** Generates and uploads one item unless its creator has it already (by title). */
  private async publish(item: DemoMedia, creator: Creator, signal: AbortSignal): Promise<void> {
    const existing = (await this.ctx(() => this.catalog.mediaOfAccount(creator.accountId))).find((m) => m.kind === item.kind && m.title === item.title);
    if (existing) return;
    const dir = await this.maker.workDir();
    try {
      const file = item.kind === 'track' || item.kind === 'episode' ? await this.maker.audio(item, dir, signal) : await this.maker.video(item, dir, signal);
      const fields: Record<string, unknown> = { title: item.title, description: item.description };
      if (item.track) Object.assign(fields, { artist: item.track.artist, album: item.track.album, genre: item.track.genre, content_type: 'audio' });
      // As a form sends them: text.
      if (item.episode) Object.assign(fields, { show_name: item.episode.show, category: item.episode.category, season_number: String(item.episode.season), episode_number: String(item.episode.number) });
      if (item.tags) fields.tags = item.tags;
      if (item.movie) Object.assign(fields, { genre: item.movie.genre, year: item.movie.year, duration: item.movie.durationMinutes, age_rating: item.movie.ageRating, cast: item.movie.cast });
      await this.ctx(() => this.catalog.publishLocalFile(creator.userId, item.kind, fields, file));
    } catch (e) {
      if (signal.aborted) throw new DemoStopped('the server is stopping');
      this.logger.warn(`Demo ${item.kind} "${item.title}" was not made: ${(e as Error).message}`);
    } finally {
      await this.maker.removeWorkDir(dir);
    }
  }

  /** Waits for the processing jobs; returns the demo's ready items by kind and title. */
  private async waitUntilProcessed(plan: DemoPlan, creators: Map<string, Creator>, signal: AbortSignal): Promise<Map<string, string>> {
    const deadline = Date.now() + PROCESSING_WAIT_MS;
    for (;;) {
      await this.checkpoint(signal);
      const items = (await this.ctx(async () => Promise.all([...creators.values()].map((c) => this.catalog.mediaOfAccount(c.accountId))))).flat();
      const ours = items.filter((m) => plan.media.some((p) => p.kind === m.kind && p.title === m.title));
      if (!ours.some((m) => m.status === 'processing') || Date.now() > deadline) {
        return new Map(ours.filter((m) => m.status === 'ready').map((m) => [`${m.kind}:${m.title}`, m.id]));
      }
      await new Promise((r) => setTimeout(r, 1000).unref());
    }
  }

  /**
   * The gaming hub: plays (real sessions and scores, at times spread over today, this week and before) and ratings;
   * the tournaments (found again by name and organizer, so a restart carries on: joined, started and played to the
   * end through the organizer's reports); community posts with their likes and comments. Each part once (its mark).
   */
  private async gaming(g: DemoGaming, creators: Map<string, Creator>, ready: Map<string, string>, signal: AbortSignal): Promise<void> {
    const user = (name: string) => creators.get(name)!.userId;
    if (!(await this.ctx(() => this.marks.has(DEMO_MARK.gamingPlays)))) {
      const now = new Date();
      for (const [i, p] of g.plays.entries()) {
        await this.checkpoint(signal);
        // Each play remembered on its own: a restart after a stop half-way does not play them all again.
        const played = `${DEMO_MARK.gamingPlays}:${i}`;
        if (await this.ctx(() => this.marks.has(played))) continue;
        await this.ctx(() => this.catalog.recordDemoGamePlay(user(p.player), DEMO_GAME_IDS[p.game], p.score, demoPlayTime(p.when, ((i * 37) % 90 + 5) / 100, now)));
        await this.ctx(() => this.marks.mark(played));
      }
      for (const r of g.ratings) await this.ctx(() => this.catalog.rateGame(user(r.player), DEMO_GAME_IDS[r.game], r.stars));
      await this.ctx(() => this.marks.mark(DEMO_MARK.gamingPlays));
    }
    if (!(await this.ctx(() => this.marks.has(DEMO_MARK.gamingTournaments)))) {
      for (const t of g.tournaments) {
        await this.checkpoint(signal);
        await this.ctx(() => this.tournament(t, user));
      }
      await this.ctx(() => this.marks.mark(DEMO_MARK.gamingTournaments));
    }
    if (!(await this.ctx(() => this.marks.has(DEMO_MARK.gamingPosts)))) {
      for (const p of g.posts) {
        await this.checkpoint(signal);
        const videoId = p.clipOf ? ready.get(`video:${p.clipOf}`) : undefined;
        // A clip whose video is not ready (a smaller demo) is a discussion.
        const type = p.type === 'clip' && !videoId ? 'discussion' : p.type;
        // Found again after a stop halfway (by author and title), each like and comment made once.
        await this.ctx(() =>
          this.social.publishDemoCommunityPost(
            user(p.author),
            { title: p.title, content: p.content, game: p.game, post_type: type, video_id: type === 'clip' ? videoId : undefined },
            p.likes.map(user),
            p.comments.map((c) => ({ userId: user(c.author), text: c.text })),
          ),
        );
      }
      await this.ctx(() => this.marks.mark(DEMO_MARK.gamingPosts));
    }
  }

  /** One planned tournament: made (unless it exists), joined by its players, and when it has a champion, played to the end. */
  private async tournament(t: DemoGaming['tournaments'][number], user: (name: string) => string): Promise<void> {
    const organizer = user(t.organizer);
    const existing = (await this.catalog.tournamentCards(await this.catalog.tournamentIds(), null)).find((c) => c.name === t.name && c.organizerId === organizer);
    const id =
      existing?.id ??
      (
        await this.catalog.createTournament(organizer, {
          name: t.name,
          game: t.game,
          description: t.description,
          entryFee: Number(t.entryFee),
          prizePool: Number(t.prizePool),
          maxParticipants: t.maxParticipants,
          startDate: new Date(Date.now() + t.startsInDays * 86_400_000),
        })
      ).id;
    let detail = await this.catalog.tournamentDetail(id, organizer);
    if (detail.status === 'open') {
      const joined = new Set(detail.participants.map((p) => p.userId));
      for (const name of t.players) if (!joined.has(user(name))) await this.catalog.joinTournament(user(name), id);
    }
    if (!t.champion) return;
    const champion = user(t.champion);
    if (detail.status === 'open') detail = await this.catalog.startTournament(organizer, id);
    // Round by round: each match ready to play is decided by the organizer (a bounded loop: a bracket of n has n - 1 matches).
    for (let guard = 0; detail.status === 'in_progress' && guard < 64; guard++) {
      const match = detail.bracket?.rounds.flatMap((r) => r.matches).find((m) => m.status === 'ready' || m.status === 'disputed');
      if (!match || !match.player1 || !match.player2) break;
      const winner = match.player2.userId === champion ? champion : match.player1.userId;
      detail = await this.catalog.reportTournamentMatch(organizer, id, match.id, winner);
    }
  }

  /**
   * Likes, views (a track's or an episode's plays: the view rule, once per listener), movie ratings and comments
   * between the creators, on what is ready; podcast subscriptions to the shows that have a ready episode.
   */
  private async engage(plan: DemoPlan, creators: Map<string, Creator>, ready: Map<string, string>, signal: AbortSignal): Promise<void> {
    const names = [...creators.keys()];
    for (const [j, item] of plan.media.entries()) {
      const id = ready.get(`${item.kind}:${item.title}`);
      if (!id) continue;
      await this.checkpoint(signal);
      await this.ctx(async () => {
        for (const [i, name] of names.entries()) {
          if (name === item.creator) continue;
          const userId = creators.get(name)!.userId;
          await this.catalog.view(item.kind, id, userId);
          // Some of each video watched, so Trending weighs the demo's views by watch time as it does real ones.
          if (item.kind === 'video') await this.catalog.watch('video', id, userId, 5 + ((i * 7 + j * 13) % 50), 1);
          if ((i + j) % 3 !== 0) await this.catalog.like(item.kind, id, userId);
          if (item.kind === 'movie') await this.catalog.rateMovie(id, userId, demoStars(i, j));
        }
      });
    }
    for (const c of plan.comments) {
      const item = plan.media[c.media];
      const id = ready.get(`${item.kind}:${item.title}`);
      if (!id) continue;
      await this.checkpoint(signal);
      await this.ctx(async () => {
        const parent = await this.catalog.postComment(item.kind, id, creators.get(c.author)!.userId, c.text);
        for (const r of c.replies ?? []) await this.catalog.postComment(item.kind, id, creators.get(r.author)!.userId, r.text, parent);
      });
    }
    for (const [subscriber, show] of plan.subscriptions) {
      if (!plan.media.some((m) => m.episode?.show === show && ready.has(`episode:${m.title}`))) continue;
      await this.checkpoint(signal);
      await this.ctx(() => this.catalog.subscribeToShow(creators.get(subscriber)!.userId, show));
    }
  }
}
