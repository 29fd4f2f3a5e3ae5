import { defineEntity, p } from '@mikro-orm/core';
import { Feedback } from '../domain/feedback.js';

export const FeedbackSchema = defineEntity({
  class: Feedback,
  tableName: 'feedback',
  indexes: [
    { name: 'feedback_created_at_index', properties: ['createdAt', 'id'] },
    { name: 'feedback_user_id_index', properties: ['userId', 'createdAt'] },
  ],
  properties: {
    id: p.uuid().primary(),
    userId: p.uuid().nullable(),
    message: p.text(),
    createdAt: p.datetime(),
  },
});

export const SYSTEM_ADMIN_ENTITIES = [FeedbackSchema];
