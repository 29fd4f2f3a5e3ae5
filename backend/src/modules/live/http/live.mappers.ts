import type { ChatMessage } from '../domain/chat-message.js';
import { liveRoom } from '../domain/ports.js';
import type { LiveStreamView } from '../application/live-views.js';
import type { SuperChat } from '../domain/super-chat.js';
import { superChatFields } from '../application/live-events.js';
import type { LiveCommentDto, LiveStreamDto, SuperChatDto } from './live.dto.js';

export function liveStreamDto(v: LiveStreamView): LiveStreamDto {
  const s = v.stream;
  return {
    id: s.id,
    title: s.title,
    description: s.description,
    is_vertical: s.isVertical,
    super_chat_enabled: s.superChatEnabled,
    super_chat_revenue: v.superChatRevenueCents / 100,
    viewer_count: v.viewerCount,
    likes: s.likes,
    username: v.username,
    user_id: s.userId,
    status: s.status,
    liked: v.liked,
    slow_mode_seconds: s.slowModeSeconds,
    created_at: s.createdAt.toISOString(),
    record: s.record,
    recording_video_id: s.recordingMediaId,
    live_at: s.liveAt?.toISOString() ?? null,
    ended_at: s.endedAt?.toISOString() ?? null,
    room: liveRoom(s.id),
    game: s.game,
  };
}

export function liveCommentDto(m: ChatMessage): LiveCommentDto {
  return { id: m.id, username: m.username, message: m.message, user_id: m.userId, created_at: m.createdAt.toISOString() };
}

export function superChatDto(s: SuperChat): SuperChatDto {
  return superChatFields(s);
}
