import { File as NodeFile } from 'node:buffer';
import type { Notifier } from '../shared/notifier';
import { RootStore } from '../stores/RootStore';
import { storeDemoUserToken } from './session';
import { jest } from '@jest/globals';

/** The first bytes of an MP4 (an ftyp box): the mock server takes the file for a video by them. */
const MP4_HEAD = [0x00, 0x00, 0x00, 0x18, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d, 0x00, 0x00, 0x02, 0x00];

/** The bytes of a (pretend) MP4 of `size` bytes. */
export function mp4Bytes(size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  bytes.set(MP4_HEAD.slice(0, size));
  for (let i = MP4_HEAD.length; i < size; i += 1) bytes[i] = i % 251;
  return bytes;
}

/** A video file as a browser hands it over (Node's File, which fetch and FormData send as a file). */
export function videoFile(name = 'holiday.mp4', size = 3000, { type = 'video/mp4', lastModified = 1_700_000_000_000 } = {}): File {
  return new NodeFile([mp4Bytes(size)], name, { type, lastModified }) as unknown as File;
}

/** A file named and typed like a video that is not one by its bytes. */
export function fakeVideoFile(name = 'fake.mp4'): File {
  return new NodeFile([new TextEncoder().encode('not really a video')], name, { type: 'video/mp4' }) as unknown as File;
}

/** A file that is not a video, by its bytes. */
export function textFile(name = 'notes.txt', type = 'text/plain'): File {
  return new NodeFile([new TextEncoder().encode('just some words, not a video')], name, { type }) as unknown as File;
}

/** Something with a file's name, type and size, for checks that never read the bytes (sizes too big to build). */
export function fileFacts(name: string, size: number, type = 'video/mp4'): File {
  return { name, size, type, lastModified: 1 } as unknown as File;
}

/** A signed-in store (the demo user, 'ada') whose toasts are recorded. */
export async function signedInStore() {
  storeDemoUserToken();
  const notify = { success: jest.fn(), error: jest.fn(), info: jest.fn(), clear: jest.fn() } satisfies Notifier;
  const store = new RootStore({ notify });
  await store.auth.init();
  return { store, notify };
}

/** A promise and the function that settles it, for answers a test releases when it chooses. */
export function deferred(): { promise: Promise<void>; release: () => void } {
  let release = () => {};
  const promise = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}
