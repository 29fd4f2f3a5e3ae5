/** Every action the players use; an action a player leaves out is cleared, so the other player's never lingers. */
const ACTIONS: readonly MediaSessionAction[] = ['play', 'pause', 'previoustrack', 'nexttrack', 'seekbackward', 'seekforward', 'seekto'];

/**
 * Makes a player the lock screen's and media keys' owner: its metadata and its handlers, every other action cleared.
 * Where the browser has no Media Session (or not some action), nothing happens for it.
 */
export function claimMediaSession(metadata: MediaMetadataInit, handlers: Partial<Record<MediaSessionAction, MediaSessionActionHandler>>): void {
  const session = typeof navigator === 'undefined' ? undefined : navigator.mediaSession;
  if (!session) return;
  try {
    if (typeof MediaMetadata !== 'undefined') session.metadata = new MediaMetadata(metadata);
  } catch {
    // Metadata this browser refuses: the keys still work.
  }
  for (const action of ACTIONS) {
    try {
      session.setActionHandler(action, handlers[action] ?? null);
    } catch {
      // An action this browser does not know: the others still work.
    }
  }
}

let focus = 0;

/** A stamp for the player that starts playing now: the bottom bar shown is the one with the latest stamp. */
export function nextAudioFocus(): number {
  focus += 1;
  return focus;
}
