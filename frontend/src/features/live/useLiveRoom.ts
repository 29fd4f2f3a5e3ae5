import { useEffect, useState } from 'react';
import { useStores } from '../../stores/StoreProvider';
import type { LiveRoom } from './LiveStore';

/**
 * The room of stream `id` while the calling component shows it: opened on mount (the stream, its chat and Super
 * Chats, the room's events; the viewer counts as watching), released on unmount. Null without an id.
 */
export function useLiveRoom(id: string | null | undefined): LiveRoom | null {
  const { live } = useStores();
  const [room, setRoom] = useState<LiveRoom | null>(null);
  useEffect(() => {
    if (!id) {
      setRoom(null);
      return;
    }
    const opened = live.openRoom(id);
    setRoom(opened);
    return () => live.releaseRoom(opened);
  }, [live, id]);
  return room && room.id === id ? room : null;
}

/** The time now, again every `everyMs` (what is still pinned, whose timeout still runs). */
export function useNow(everyMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
