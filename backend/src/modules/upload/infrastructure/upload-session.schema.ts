import { defineEntity, p } from '@mikro-orm/core';
import { UploadSession } from '../domain/upload-session.js';

export const UploadSessionSchema = defineEntity({
  class: UploadSession,
  tableName: 'upload_sessions',
  indexes: [
    { name: 'upload_sessions_user_status_index', properties: ['userId', 'status'] },
    { name: 'upload_sessions_status_activity_index', properties: ['status', 'lastActivityAt'] },
  ],
  properties: {
    id: p.uuid().primary(),
    userId: p.uuid(),
    filename: p.string().length(255),
    title: p.string().length(200),
    description: p.text().nullable(),
    isVertical: p.boolean().default(false),
    monetizationEnabled: p.boolean().default(false),
    totalSize: p.bigint('number'),
    chunkSize: p.integer(),
    totalChunks: p.integer(),
    receivedCount: p.integer().default(0),
    received: p.blob(),
    container: p.string().length(10).nullable(),
    status: p.enum(['active', 'completed', 'cancelled', 'expired']).default('active'),
    videoId: p.uuid().nullable(),
    createdAt: p.datetime(),
    lastActivityAt: p.datetime(),
  },
});

export const UPLOAD_ENTITIES = [UploadSessionSchema];
