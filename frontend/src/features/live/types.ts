import type { components } from '../../api/schema';

type Schemas = components['schemas'];

/** A live stream (seed 002 §3; `game` for gaming streams, else null). */
export type LiveStream = Schemas['LiveStreamDto'];
/** A chat message (seed 002 §3 Live comment). */
export type LiveComment = Schemas['LiveCommentDto'];
export type LiveStatus = LiveStream['status'];

import type { SuperChatPackageId } from '../payments/types';

/** Seed 001 §9 packages (small, medium, large, mega); product.md §8 colours. */
export type { SuperChatPackageId };
export type SuperChatColor = 'blue' | 'green' | 'red' | 'gold';

/** A paid Super Chat (GET /api/live/{id}/super-chat and the room's `super_chat` event). */
export type SuperChat = Schemas['SuperChatDto'];

export type SuperChatListResponse = Schemas['LiveSuperChatsDto'];

/** What a stream's room hears over /api/realtime (`{ type: 'room', room, event, ... }`). */
export type LiveRoomEvent =
  | { event: 'comment'; comment: LiveComment }
  | { event: 'comment_deleted'; id: string }
  | { event: 'viewers'; viewer_count: number }
  | { event: 'likes'; likes: number }
  | { event: 'status'; status: LiveStatus }
  | { event: 'ended' }
  | { event: 'slow_mode'; slow_mode_seconds: number }
  | { event: 'timeout'; user_id: string; until: string }
  | { event: 'super_chat'; super_chat: SuperChat; super_chat_revenue: number };
