import { MikroORM, type Options } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import { RequestContext, type EntityManager, type EntitySchema, type MigrationObject } from '@mikro-orm/core';
import { requestContext } from '../logging/request-context.js';

/** See ormConfig: tables the entity mapper does not describe. */
export const SQL_OWNED_TABLES = ['follows', 'social_users', 'content_index', 'search_words', 'search_queries', 'notifications', 'payment_sessions', 'payment_webhook_events', 'ledger_accounts', 'ledger_transactions', 'ledger_entries', 'premium_periods', 'membership_tiers', 'memberships', 'payouts', 'partner_applications', 'ad_accruals', 'platform_bank_accounts', 'platform_withdrawals', 'seed_marks', 'media_activity_hourly', 'media_watch_progress', 'moderation_cases', 'moderation_reports', 'moderation_strikes', 'moderation_audit_log', 'admin_audit_log', 'backups', 'system_state', 'system_controls', 'feature_flags', 'rate_limit_counters', 'live_streams', 'live_likes', 'live_comments', 'live_timeouts', 'live_presence', 'live_stream_keys', 'live_super_chats', 'live_stream_viewers', 'games', 'game_sessions', 'game_scores', 'game_best_scores', 'game_score_counts', 'game_ratings', 'tournaments', 'tournament_participants', 'tournament_match_reports', 'community_posts', 'community_post_likes', 'community_post_comments', 'founder_audit_log', 'branding', 'founder_account', 'founder_sign_in_guard', 'music_tracks', 'music_playlists', 'music_playlist_tracks', 'music_play_marks', 'podcast_shows', 'podcast_episodes', 'podcast_subscriptions', 'podcast_play_marks', 'podcast_downloads', 'podcast_download_days', 'app_tokens', 'media_edits', 'media_exports'];

export interface OrmOptions {
  url: string;
  entities: EntitySchema<any>[];
  migrations: MigrationObject[];
  /** False for tools that need the metadata only (the OpenAPI export). */
  connect?: boolean;
  debug?: boolean;
}

/**
 * Inside an HTTP request the contextual EntityManager is forked on first use (many requests, such as an
 * authenticated GET /me served from the principal cache, never touch the database). Elsewhere (jobs, CLI)
 * MikroORM's own RequestContext applies.
 */
function contextualEm(root: () => EntityManager, name: string): EntityManager | undefined {
  const scope = requestContext.getStore();
  if (scope) return (scope.em ??= root().fork({ disableContextResolution: true })) as EntityManager;
  return RequestContext.getEntityManager(name);
}

/**
 * The ORM's pool size in this process: 20, or what `npm start`'s supervisor gives each worker (SCRIVEN_DB_POOL_SIZE,
 * from its connection budget: fewer per process with many workers, so that every process fits the database's
 * max_connections; see docs/operations.md, Processes and restarts).
 */
export function poolSize(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.SCRIVEN_DB_POOL_SIZE?.trim();
  return raw && /^\d+$/.test(raw) && Number(raw) >= 1 && Number(raw) <= 100 ? Number(raw) : 20;
}

export function ormConfig(o: OrmOptions, root?: () => EntityManager): Options {
  return {
    ...(root ? { context: (name: string) => contextualEm(root, name) } : {}),
    clientUrl: o.url,
    entities: o.entities,
    extensions: [Migrator],
    debug: o.debug ?? false,
    forceUtcTimezone: true,
    allowGlobalContext: false,
    pool: { min: 0, max: poolSize() },
    // Tables written with SQL by their repositories (generated tsvector columns, trigram and partial indexes): their
    // migrations are hand-written, and the schema generator leaves them (and the SQL functions they use) alone.
    schemaGenerator: { skipTables: SQL_OWNED_TABLES, ignoreRoutines: true },
    migrations: {
      migrationsList: o.migrations,
      tableName: 'mikro_orm_migrations',
      transactional: true,
      allOrNothing: true,
      snapshot: false,
      emit: 'ts',
      path: 'migrations',
      pathTs: 'migrations',
      silent: true,
    },
  };
}

export async function createOrm(o: OrmOptions): Promise<MikroORM> {
  let orm: MikroORM | undefined = undefined;
  const config = ormConfig(o, () => orm!.em);
  orm = o.connect === false ? new MikroORM(config) : await MikroORM.init(config);
  return orm;
}
