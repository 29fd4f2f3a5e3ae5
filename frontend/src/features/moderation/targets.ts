import type { ReportTarget } from './ReportStore';

/** A player's position, when it has one worth sending (it has moved from the start). */
const position = (player?: HTMLVideoElement | null): number | null => {
  const at = player?.currentTime;
  return at !== undefined && Number.isFinite(at) && at >= 1 ? Math.floor(at) : null;
};

/** A video, at where its player is. */
export function videoTarget(video: { id: string; title: string; duration_seconds: number | null }, player?: HTMLVideoElement | null): ReportTarget {
  return { contentType: 'video', contentId: video.id, label: `the video “${video.title}”`, at: position(player), durationSeconds: video.duration_seconds };
}

/** A short (reel), at where its player is. */
export function reelTarget(reel: { id: string; title: string; duration_seconds: number | null }, player?: HTMLVideoElement | null): ReportTarget {
  return { contentType: 'reel', contentId: reel.id, label: `the short “${reel.title}”`, at: position(player), durationSeconds: reel.duration_seconds };
}

/** A movie (its length is in minutes), at where its player is. */
export function movieTarget(movie: { id: string; title: string; duration: number | null }, player?: HTMLVideoElement | null): ReportTarget {
  const length = player && Number.isFinite(player.duration) && player.duration > 0 ? player.duration : movie.duration !== null ? movie.duration * 60 : null;
  return { contentType: 'movie', contentId: movie.id, label: `the movie “${movie.title}”`, at: position(player), durationSeconds: length };
}

/** A comment (on a video, movie or short), by its author's handle. */
export function commentTarget(comment: { id: string; username: string }): ReportTarget {
  return { contentType: 'comment', contentId: comment.id, label: `@${comment.username}'s comment` };
}

/** A channel (profile), reported by its account id. */
export function channelTarget(channel: { id: string; display_name: string; handle: string }): ReportTarget {
  return { contentType: 'user', contentId: channel.id, label: `the channel ${channel.display_name} (@${channel.handle})` };
}

/** A live stream (on now or ended): no time is sent (a live stream has no fixed timeline). */
export function liveStreamTarget(stream: { id: string; title: string; username: string }): ReportTarget {
  return { contentType: 'live_stream', contentId: stream.id, label: `the live stream “${stream.title}” by @${stream.username}` };
}

/** A message of a live stream's chat, by its author's name. */
export function liveChatMessageTarget(message: { id: string; username: string }): ReportTarget {
  return { contentType: 'live_chat_message', contentId: message.id, label: `@${message.username}'s chat message` };
}

/** A gaming community post, by its title and author. */
export function communityPostTarget(post: { id: string; title: string; author_name: string }): ReportTarget {
  return { contentType: 'community_post', contentId: post.id, label: `the post “${post.title}” by @${post.author_name}` };
}

/** A time the audio players (stores, not elements) give: sent once it has moved from the start. */
const audioPosition = (seconds?: number | null): number | null =>
  seconds !== undefined && seconds !== null && Number.isFinite(seconds) && seconds >= 1 ? Math.floor(seconds) : null;

/** A music track, at where the player is when it is the track playing (`at`, seconds). */
export function trackTarget(track: { id: string; title: string; artist: string; duration_seconds: number | null }, at?: number | null): ReportTarget {
  return { contentType: 'track', contentId: track.id, label: `the track “${track.title}” by ${track.artist}`, at: audioPosition(at), durationSeconds: track.duration_seconds };
}

/** A podcast episode, at where the player is when it is the episode playing (`at`, seconds). */
export function episodeTarget(episode: { id: string; title: string; show_name: string; duration_seconds: number | null }, at?: number | null): ReportTarget {
  return { contentType: 'episode', contentId: episode.id, label: `the episode “${episode.title}” of ${episode.show_name}`, at: audioPosition(at), durationSeconds: episode.duration_seconds };
}
