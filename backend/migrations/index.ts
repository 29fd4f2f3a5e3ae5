import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261121032543_initial } from './Migration20261121032543_initial.js';
import { Migration20261121033909_accounts_feedback } from './Migration20261121033909_accounts_feedback.js';
import { Migration20261121040438_catalog } from './Migration20261121040438_catalog.js';
import { Migration20261121040715_upload_sessions } from './Migration20261121040715_upload_sessions.js';
import { Migration20261121045248_media_hardening } from './Migration20261121045248_media_hardening.js';
import { Migration20261121060000_social } from './Migration20261121060000_social.js';
import { Migration20261121090000_money } from './Migration20261121090000_money.js';
import { Migration20261122100000_identity_hardening } from './Migration20261122100000_identity_hardening.js';
import { Migration20261123220902_comment_threads } from './Migration20261123220902_comment_threads.js';
import { Migration20261123221822_demo_data } from './Migration20261123221822_demo_data.js';
import { Migration20261124010000_movie_ratings } from './Migration20261124010000_movie_ratings.js';
import { Migration20261124012000_home_feed } from './Migration20261124012000_home_feed.js';
import { Migration20261124013000_comment_page_indexes } from './Migration20261124013000_comment_page_indexes.js';
import { Migration20261123230546_channel_popular_index } from './Migration20261123230546_channel_popular_index.js';
import { Migration20261124011000_channel_banner_links } from './Migration20261124011000_channel_banner_links.js';
import { Migration20261124100000_moderation } from './Migration20261124100000_moderation.js';
import { Migration20261124100100_media_removed } from './Migration20261124100100_media_removed.js';
import { Migration20261124200000_admin_audit_log } from './Migration20261124200000_admin_audit_log.js';
import { Migration20261124200100_feature_flags } from './Migration20261124200100_feature_flags.js';
import { Migration20261124200200_backups_updates } from './Migration20261124200200_backups_updates.js';
import { Migration20261124200300_user_last_seen } from './Migration20261124200300_user_last_seen.js';

/** Every migration, in order. `npm run migration:create -w backend` adds new files and updates this list. */
export const MIGRATIONS: MigrationObject[] = [
  { name: 'Migration20261121032543_initial', class: Migration20261121032543_initial },
  { name: 'Migration20261121033909_accounts_feedback', class: Migration20261121033909_accounts_feedback },
  { name: 'Migration20261121040438_catalog', class: Migration20261121040438_catalog },
  { name: 'Migration20261121040715_upload_sessions', class: Migration20261121040715_upload_sessions },
  { name: 'Migration20261121045248_media_hardening', class: Migration20261121045248_media_hardening },
  { name: 'Migration20261121060000_social', class: Migration20261121060000_social },
  { name: 'Migration20261121090000_money', class: Migration20261121090000_money },
  { name: 'Migration20261122100000_identity_hardening', class: Migration20261122100000_identity_hardening },
  { name: 'Migration20261123220902_comment_threads', class: Migration20261123220902_comment_threads },
  { name: 'Migration20261123221822_demo_data', class: Migration20261123221822_demo_data },
  { name: 'Migration20261123230546_channel_popular_index', class: Migration20261123230546_channel_popular_index },
  { name: 'Migration20261124010000_movie_ratings', class: Migration20261124010000_movie_ratings },
  { name: 'Migration20261124011000_channel_banner_links', class: Migration20261124011000_channel_banner_links },
  { name: 'Migration20261124012000_home_feed', class: Migration20261124012000_home_feed },
  { name: 'Migration20261124013000_comment_page_indexes', class: Migration20261124013000_comment_page_indexes },
  { name: 'Migration20261124100000_moderation', class: Migration20261124100000_moderation },
  { name: 'Migration20261124100100_media_removed', class: Migration20261124100100_media_removed },
  { name: 'Migration20261124200000_admin_audit_log', class: Migration20261124200000_admin_audit_log },
  { name: 'Migration20261124200100_feature_flags', class: Migration20261124200100_feature_flags },
  { name: 'Migration20261124200200_backups_updates', class: Migration20261124200200_backups_updates },
  { name: 'Migration20261124200300_user_last_seen', class: Migration20261124200300_user_last_seen },
];
