import { File as NodeFile } from 'node:buffer';
import { DEMO_CREDENTIALS, findUserByIdentifier, makeAccount, mockDb } from '../mocks/db';
import type { AccountDto } from '../features/accounts/types';

/** The demo user's record in the mock data. */
export function demoUser() {
  const account = findUserByIdentifier(DEMO_CREDENTIALS.user.email);
  if (!account) throw new Error('The mock data has no demo user');
  return account;
}

/** Gives the demo user another account (channel), as if they had created it before. */
export function addDemoAccount(fields: Partial<AccountDto> & Pick<AccountDto, 'display_name'>): AccountDto {
  const entry = makeAccount(demoUser().user.id, fields);
  mockDb.accounts.set(entry.account.id, entry);
  return entry.account;
}

/** The demo user's accounts as the mock server holds them. */
export function demoAccounts(): AccountDto[] {
  const { id } = demoUser().user;
  return [...mockDb.accounts.values()].filter((entry) => entry.userId === id).map((entry) => entry.account);
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const PNG_IEND = [0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82];

/**
 * A file as a browser hands it over. Node's File, not jsdom's: Node's fetch and FormData (which the tests use,
 * see jest.polyfills.js) only send Node's Blobs as files, and Node's URL.createObjectURL only takes those.
 */
export function testFile(bytes: Uint8Array, name: string, type: string): File {
  return new NodeFile([bytes], name, { type }) as unknown as File;
}

/** The bytes of a (minimal) PNG: its signature, `padding` bytes, and the closing IEND chunk unless truncated. */
export function pngBytes({ padding = 16, truncated = false }: { padding?: number; truncated?: boolean } = {}): Uint8Array {
  const body = new Uint8Array(PNG_SIGNATURE.length + padding + (truncated ? 0 : PNG_IEND.length));
  body.set(PNG_SIGNATURE, 0);
  if (!truncated) body.set(PNG_IEND, PNG_SIGNATURE.length + padding);
  return body;
}

export function pngFile(name = 'photo.png', options?: Parameters<typeof pngBytes>[0]): File {
  return testFile(pngBytes(options), name, 'image/png');
}
