import { describe, expect, test } from '@jest/globals';
import { waitFor } from '@testing-library/react';
import { findUserByIdentifier, issueUserToken } from '../../mocks/db';
import { liveDb } from '../../mocks/liveDb';

/** A realtime socket to the mock server (MSW answers it), with what it heard. */
function realtimeSocket(token?: string) {
  const socket = new WebSocket('ws://localhost/api/realtime');
  const heard: Array<Record<string, unknown>> = [];
  socket.addEventListener('message', (event) => heard.push(JSON.parse(String(event.data)) as Record<string, unknown>));
  const opened = new Promise<void>((resolve) => socket.addEventListener('open', () => resolve()));
  return {
    heard,
    socket,
    /** Signs in (when a token was given) and follows `room`; resolves once subscribed. */
    async follow(room: string) {
      await opened;
      if (token) {
        socket.send(JSON.stringify({ type: 'auth', token }));
        await waitFor(() => expect(heard).toContainEqual({ type: 'ready' }));
      }
      socket.send(JSON.stringify({ type: 'subscribe', room }));
      await waitFor(() => expect(heard).toContainEqual({ type: 'subscribed', room }));
    },
  };
}

const harbour = () => liveDb.streams.find((s) => s.title === 'Harbour live: the boats come in')!;
const tokenOf = (who: string) => issueUserToken(findUserByIdentifier(who)!.user.id);

async function listedViewers(): Promise<number> {
  const list = (await (await fetch('http://localhost/api/live/streams')).json()) as Array<{ id: string; viewer_count: number }>;
  return list.find((s) => s.id === harbour().id)!.viewer_count;
}

describe('the mock counts viewers as the server does', () => {
  test("the streamer's own page is not a viewer; a signed-in user counts once however many pages; visitors count", async () => {
    const room = `live:${harbour().id}`;
    const base = harbour().baseViewers;
    const sockets = [realtimeSocket(tokenOf('mira')), realtimeSocket(tokenOf('ada')), realtimeSocket(tokenOf('ada')), realtimeSocket()];
    try {
      await sockets[0].follow(room);
      expect(await listedViewers()).toBe(base);
      await sockets[1].follow(room);
      expect(await listedViewers()).toBe(base + 1);
      await sockets[2].follow(room);
      expect(await listedViewers()).toBe(base + 1);
      await sockets[3].follow(room);
      expect(await listedViewers()).toBe(base + 2);
      expect(sockets[0].heard.filter((m) => m.event === 'viewers').at(-1)).toMatchObject({ viewer_count: base + 2 });
    } finally {
      for (const { socket } of sockets) socket.close();
    }
  });
});
