import { defineEntity, p } from '@mikro-orm/core';
import { Account, type ChannelLink, type NotificationSettings, type PrivacySettings } from '../domain/account.js';

export const AccountSchema = defineEntity({
  class: Account,
  tableName: 'accounts',
  indexes: [{ name: 'accounts_user_id_index', properties: ['userId'] }],
  properties: {
    id: p.uuid().primary(),
    userId: p.uuid(),
    accountType: p.enum(['creator', 'brand', 'personal']).default('creator'),
    displayName: p.string().length(100),
    handle: p.string().length(30).unique('accounts_handle_unique'),
    bio: p.text().nullable(),
    location: p.string().length(100).nullable(),
    website: p.string().length(300).nullable(),
    photoKey: p.string().length(200).nullable(),
    bannerKey: p.string().length(200).nullable(),
    links: p.json<ChannelLink[]>(),
    isPrimary: p.boolean().default(false),
    isActive: p.boolean().default(false),
    privacySettings: p.json<PrivacySettings>(),
    notificationSettings: p.json<NotificationSettings>(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
    deletedAt: p.datetime().nullable(),
  },
});

export const ACCOUNTS_ENTITIES = [AccountSchema];
