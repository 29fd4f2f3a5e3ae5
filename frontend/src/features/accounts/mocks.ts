import { http, errorBody } from '../../mocks/http';
import {
  accountsOf,
  findAccountByHandle,
  makeAccount,
  mockDb,
  uniqueHandle,
  userForAuthorization,
  type MockUser,
} from '../../mocks/db';
import type { components } from '../../api/schema';
import { ACCOUNT_MESSAGES } from './messages';
import { PHOTO_MAX_BYTES, PHOTO_MESSAGES } from './photo';
import type { AccountDto, ChannelLink, CommentPermission, NotificationSettings, PrivacySettings, Visibility } from './types';

type FieldProblem = components['schemas']['FieldErrorDto'];

/** The server's account rules (backend accounts/domain/account-rules.ts): limits and messages. */
export const ACCOUNT_LIMITS = { accounts: 10, displayName: 100, bio: 1000, location: 100, website: 300, links: 5, linkLabel: 40, linkUrl: 500 } as const;
const RULES = {
  handle: 'Handle must be 3-30 characters: lowercase letters, numbers, underscores or dots',
  website: 'Website must be an http or https address',
  accountType: 'Account type must be creator, brand or personal',
  tooLong: (label: string, max: number) => `${label} must be at most ${max} characters`,
  visibility: (label: string) => `${label} must be public, unlisted or private`,
  comments: 'Comment permissions must be everyone, subscribers or none',
  notification: (key: string) => `${key} must be true or false`,
  links: `Add at most ${ACCOUNT_LIMITS.links} links`,
  linkShape: 'Each link needs a label and an address',
  linkLabelRequired: 'Each link needs a label',
  linkLabelTooLong: `Link labels must be at most ${ACCOUNT_LIMITS.linkLabel} characters`,
  linkUrl: 'Links must be http or https addresses',
  linkUrlTooLong: `Link addresses must be at most ${ACCOUNT_LIMITS.linkUrl} characters`,
};

/** An http or https address with a host, no user name or password, no spaces or control characters (the server's rule). */
function isLinkAddress(text: string): boolean {
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\s]/.test(text)) return false;
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' && !url.username && !url.password;
  } catch {
    return false;
  }
}

/** The channel's links as the server checks them: at most 5 { label, url }, trimmed; problems named `links.N.field`. */
function validateLinks(input: unknown, add: (field: string, message: string) => void): ChannelLink[] | undefined {
  if (!Array.isArray(input)) return void add('links', RULES.linkShape);
  if (input.length > ACCOUNT_LIMITS.links) return void add('links', RULES.links);
  let ok = true;
  const links = input.map((item: unknown, i) => {
    if (!item || typeof item !== 'object' || Array.isArray(item)) {
      ok = false;
      add(`links.${i}`, RULES.linkShape);
      return { label: '', url: '' };
    }
    const { label: rawLabel, url: rawUrl } = item as Record<string, unknown>;
    const label = typeof rawLabel === 'string' ? rawLabel.trim() : '';
    const url = typeof rawUrl === 'string' ? rawUrl.trim() : '';
    const problems: [string, string][] = [];
    if (!label) problems.push([`links.${i}.label`, RULES.linkLabelRequired]);
    else if (label.length > ACCOUNT_LIMITS.linkLabel) problems.push([`links.${i}.label`, RULES.linkLabelTooLong]);
    if (url.length > ACCOUNT_LIMITS.linkUrl) problems.push([`links.${i}.url`, RULES.linkUrlTooLong]);
    else if (!isLinkAddress(url)) problems.push([`links.${i}.url`, RULES.linkUrl]);
    for (const [field, message] of problems) add(field, message);
    if (problems.length) ok = false;
    return { label, url };
  });
  return ok ? links : undefined;
}
const VISIBILITIES: readonly Visibility[] = ['public', 'unlisted', 'private'];
const COMMENT_PERMISSIONS: readonly CommentPermission[] = ['everyone', 'subscribers', 'none'];
const NOTIFICATION_KEYS: readonly (keyof NotificationSettings)[] = [
  'email_notifications',
  'push_notifications',
  'comment_notifications',
  'like_notifications',
];

type AccountInput = Partial<Record<keyof AccountDto, unknown>>;

/** The fields of a create (display name required) or update (all optional) body, as the server checks them. */
function validateAccountInput(input: AccountInput, creating: boolean): { problems: FieldProblem[]; value: Partial<AccountDto> } {
  const problems: FieldProblem[] = [];
  const add = (field: string, message: string) => problems.push({ field, message });
  const value: Partial<AccountDto> = {};

  if (creating || input.account_type !== undefined) {
    const type = input.account_type ?? 'creator';
    if (type === 'creator' || type === 'brand' || type === 'personal') value.account_type = type;
    else add('account_type', RULES.accountType);
  }
  if (creating || input.display_name !== undefined) {
    const name = typeof input.display_name === 'string' ? input.display_name.trim() : '';
    if (!name) add('display_name', ACCOUNT_MESSAGES.displayNameRequired);
    else if (name.length > ACCOUNT_LIMITS.displayName) add('display_name', RULES.tooLong('Display name', ACCOUNT_LIMITS.displayName));
    else value.display_name = name;
  }
  if (input.handle !== undefined && input.handle !== null && input.handle !== '') {
    const handle = typeof input.handle === 'string' ? input.handle.trim().replace(/^@/, '').toLowerCase() : '';
    if (!/^[a-z0-9_.]{3,30}$/.test(handle)) add('handle', RULES.handle);
    else value.handle = handle;
  }
  for (const [key, label, max] of [
    ['bio', 'Bio', ACCOUNT_LIMITS.bio],
    ['location', 'Location', ACCOUNT_LIMITS.location],
  ] as const) {
    const raw = input[key];
    if (raw === undefined) continue;
    if (raw !== null && typeof raw !== 'string') add(key, RULES.tooLong(label, max));
    else if (typeof raw === 'string' && raw.trim().length > max) add(key, RULES.tooLong(label, max));
    else value[key] = typeof raw === 'string' && raw.trim() ? raw.trim() : null;
  }
  if (input.website !== undefined) {
    const raw = typeof input.website === 'string' ? input.website.trim() : input.website;
    if (raw === null || raw === '') value.website = null;
    else if (typeof raw !== 'string' || raw.length > ACCOUNT_LIMITS.website || !isWebAddress(raw)) add('website', RULES.website);
    else value.website = raw;
  }
  if (input.links !== undefined) {
    const links = validateLinks(input.links, add);
    if (links) value.links = links;
  }
  const privacy = input.privacy_settings;
  if (privacy !== undefined) {
    const given = (privacy ?? {}) as Partial<Record<keyof PrivacySettings, unknown>>;
    const next: Partial<PrivacySettings> = {};
    for (const [key, label] of [
      ['profile_visibility', 'Profile visibility'],
      ['video_visibility', 'Video visibility'],
    ] as const) {
      const v = given[key];
      if (v === undefined) continue;
      if (VISIBILITIES.includes(v as Visibility)) next[key] = v as Visibility;
      else add(`privacy_settings.${key}`, RULES.visibility(label));
    }
    if (given.comment_permissions !== undefined) {
      if (COMMENT_PERMISSIONS.includes(given.comment_permissions as CommentPermission)) {
        next.comment_permissions = given.comment_permissions as CommentPermission;
      } else add('privacy_settings.comment_permissions', RULES.comments);
    }
    value.privacy_settings = next as PrivacySettings;
  }
  const notifications = input.notification_settings;
  if (notifications !== undefined) {
    const given = (notifications ?? {}) as Partial<Record<keyof NotificationSettings, unknown>>;
    const next: Partial<NotificationSettings> = {};
    for (const key of NOTIFICATION_KEYS) {
      if (given[key] === undefined) continue;
      if (typeof given[key] === 'boolean') next[key] = given[key];
      else add(`notification_settings.${key}`, RULES.notification(key));
    }
    value.notification_settings = next as NotificationSettings;
  }
  return { problems, value };
}

function isWebAddress(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** The signed-in user's own account `id`, or undefined: another user's account is a 404, never a leak. */
function ownAccount(owner: MockUser, id: string | undefined) {
  const entry = id ? mockDb.accounts.get(id) : undefined;
  return entry && entry.userId === owner.user.id ? entry : undefined;
}

function view(owner: MockUser, account: AccountDto): AccountDto {
  return { ...account, is_active: account.id === owner.user.active_account_id };
}

function activeAccountOf(owner: MockUser): AccountDto {
  const accounts = accountsOf(owner.user);
  return accounts.find((account) => account.is_active) ?? accounts[0];
}

/** JPG, PNG, GIF or WebP by their first bytes, as the server checks them (the name and type do not count). */
export function sniffImage(bytes: Uint8Array): 'jpeg' | 'png' | 'gif' | 'webp' | null {
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && ascii(1, 4) === 'PNG' && bytes[0] === 0x89 && bytes[4] === 0x0d && bytes[5] === 0x0a) return 'png';
  if (bytes.length >= 6 && (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a')) return 'gif';
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  return null;
}

/** A complete file of its kind ends as that kind ends; a truncated upload does not. */
function isComplete(kind: NonNullable<ReturnType<typeof sniffImage>>, bytes: Uint8Array): boolean {
  const n = bytes.length;
  switch (kind) {
    case 'jpeg':
      return n >= 4 && bytes[n - 2] === 0xff && bytes[n - 1] === 0xd9;
    case 'png':
      return n >= 20 && String.fromCharCode(...bytes.subarray(n - 8, n - 4)) === 'IEND';
    case 'gif':
      return bytes[n - 1] === 0x3b;
    case 'webp':
      return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(4, true) + 8 === n;
  }
}

/** A URL the page can show the uploaded photo from: an object URL in the browser (QA mode) and in Node. */
function photoUrlFor(file: File): string {
  try {
    return URL.createObjectURL(file);
  } catch {
    return `/mock-photos/${encodeURIComponent(file.name)}`;
  }
}

const sessionInvalid = () =>
  errorBody(401, 'IDENTITY.SESSION_INVALID', 'Your session is no longer valid. Please sign in again.');
const notFound = () => errorBody(404, 'ACCOUNTS.NOT_FOUND', 'Account not found');
const validationFailed = (problems: FieldProblem[]) => errorBody(400, 'VALIDATION_FAILED', problems[0].message, problems);

/** The server's answers for accounts, profile photos, the data export and deleting oneself. */
/** The uploaded image the server takes (photos and banners alike), or why it refuses it. */
async function checkedImage(file: FormDataEntryValue | null, missingCode: string): Promise<File | ReturnType<typeof errorBody>> {
  if (!file || typeof file === 'string') return errorBody(400, missingCode, PHOTO_MESSAGES.notAnImage);
  if (file.size > PHOTO_MAX_BYTES) return errorBody(413, 'ACCOUNTS.PHOTO_TOO_LARGE', PHOTO_MESSAGES.tooLarge);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const kind = sniffImage(bytes);
  if (!kind) return errorBody(400, 'ACCOUNTS.NOT_AN_IMAGE', PHOTO_MESSAGES.notAnImage);
  if (!isComplete(kind, bytes)) return errorBody(400, 'ACCOUNTS.PHOTO_UNREADABLE', 'The image could not be read: it is damaged or incomplete');
  return file;
}

export const accountsHandlers = [
  http.get('/api/accounts', ({ request, response }) => {
    const owner = userForAuthorization(request.headers.get('Authorization'));
    if (!owner) return response(401).json(sessionInvalid());
    return response(200).json({ accounts: accountsOf(owner.user), active_account: activeAccountOf(owner) });
  }),

  http.post('/api/accounts/create', async ({ request, response }) => {
    const owner = userForAuthorization(request.headers.get('Authorization'));
    if (!owner) return response(401).json(sessionInvalid());
    const { problems, value } = validateAccountInput((await request.json()) as AccountInput, true);
    if (problems.length) return response(400).json(validationFailed(problems));
    if (accountsOf(owner.user).length >= ACCOUNT_LIMITS.accounts) {
      return response(409).json(errorBody(409, 'ACCOUNTS.LIMIT_REACHED', `You can have at most ${ACCOUNT_LIMITS.accounts} accounts`));
    }
    if (value.handle && findAccountByHandle(value.handle)) {
      return response(409).json(errorBody(409, 'ACCOUNTS.HANDLE_TAKEN', 'Handle is already taken'));
    }
    const displayName = value.display_name ?? '';
    const entry = makeAccount(owner.user.id, {
      ...value,
      display_name: displayName,
      handle: value.handle ?? uniqueHandle(displayName),
    });
    mockDb.accounts.set(entry.account.id, entry);
    return response(201).json({
      success: true,
      account: view(owner, entry.account),
      message: 'Account created',
    });
  }),

  http.put('/api/accounts/{id}', async ({ request, params, response }) => {
    const owner = userForAuthorization(request.headers.get('Authorization'));
    if (!owner) return response(401).json(sessionInvalid());
    const entry = ownAccount(owner, params.id);
    if (!entry) return response(404).json(notFound());
    const { problems, value } = validateAccountInput((await request.json()) as AccountInput, false);
    if (problems.length) return response(400).json(validationFailed(problems));
    if (value.handle && value.handle !== entry.account.handle && findAccountByHandle(value.handle)) {
      return response(409).json(errorBody(409, 'ACCOUNTS.HANDLE_TAKEN', 'Handle is already taken'));
    }
    const { privacy_settings, notification_settings, ...fields } = value;
    entry.account = {
      ...entry.account,
      ...fields,
      privacy_settings: { ...entry.account.privacy_settings, ...privacy_settings },
      notification_settings: { ...entry.account.notification_settings, ...notification_settings },
    };
    return response(200).json({ success: true, account: view(owner, entry.account) });
  }),

  http.post('/api/accounts/switch', async ({ request, response }) => {
    const owner = userForAuthorization(request.headers.get('Authorization'));
    if (!owner) return response(401).json(sessionInvalid());
    const { account_id } = await request.json();
    const entry = ownAccount(owner, account_id);
    if (!entry) return response(404).json(notFound());
    owner.user.active_account_id = entry.account.id;
    return response(200).json({
      success: true,
      active_account: view(owner, entry.account),
      message: `Switched to ${entry.account.display_name}`,
    });
  }),

  http.delete('/api/accounts/{id}', ({ request, params, response }) => {
    const owner = userForAuthorization(request.headers.get('Authorization'));
    if (!owner) return response(401).json(sessionInvalid());
    const entry = ownAccount(owner, params.id);
    if (!entry) return response(404).json(notFound());
    if (entry.account.is_primary) {
      return response(400).json(errorBody(400, 'ACCOUNTS.PRIMARY_NOT_DELETABLE', 'The primary account cannot be deleted'));
    }
    mockDb.accounts.delete(entry.account.id);
    if (owner.user.active_account_id === entry.account.id) {
      owner.user.active_account_id = accountsOf(owner.user).find((account) => account.is_primary)?.id ?? null;
    }
    return response(200).json({ message: 'Account deleted' });
  }),

  http.post('/api/profile/upload-photo', async ({ request, response }) => {
    const owner = userForAuthorization(request.headers.get('Authorization'));
    if (!owner) return response(401).json(sessionInvalid());
    const form = await request.formData();
    const file = form.get('file');
    const accountId = form.get('account_id');
    const entry = ownAccount(owner, typeof accountId === 'string' && accountId ? accountId : (owner.user.active_account_id ?? undefined));
    if (!entry) return response(404).json(notFound());
    const image = await checkedImage(file, 'ACCOUNTS.PHOTO_MISSING');
    if ('statusCode' in image) return response(image.statusCode as 400 | 413).json(image);
    const photoUrl = photoUrlFor(image);
    entry.account = { ...entry.account, profile_photo_url: photoUrl };
    return response(200).json({ success: true, photo_url: photoUrl });
  }),

  http.post('/api/accounts/{id}/banner', async ({ request, params, response }) => {
    const owner = userForAuthorization(request.headers.get('Authorization'));
    if (!owner) return response(401).json(sessionInvalid());
    const entry = ownAccount(owner, params.id);
    if (!entry) return response(404).json(notFound());
    const file = (await request.formData()).get('file');
    const image = await checkedImage(file, 'ACCOUNTS.BANNER_MISSING');
    if ('statusCode' in image) return response(image.statusCode as 400 | 413).json(image);
    // The mock does not measure images: what it gets is shown as the wide banner and as the phone-sized one.
    const url = photoUrlFor(image);
    entry.account = { ...entry.account, banner_url: url, banner_small_url: url };
    return response(200).json({ success: true, account: view(owner, entry.account) });
  }),

  http.delete('/api/accounts/{id}/banner', ({ request, params, response }) => {
    const owner = userForAuthorization(request.headers.get('Authorization'));
    if (!owner) return response(401).json(sessionInvalid());
    const entry = ownAccount(owner, params.id);
    if (!entry) return response(404).json(notFound());
    entry.account = { ...entry.account, banner_url: null, banner_small_url: null };
    return response(200).json({ success: true, account: view(owner, entry.account) });
  }),

  http.get('/api/me/export', ({ request, response }) => {
    const owner = userForAuthorization(request.headers.get('Authorization'));
    if (!owner) return response(401).json(sessionInvalid());
    return response(200).json({
      exported_at: new Date().toISOString(),
      user: owner.user,
      accounts: accountsOf(owner.user),
      feedback: mockDb.feedback
        .filter((entry) => entry.userId === owner.user.id)
        .map(({ message, created_at }) => ({ message, created_at })),
    });
  }),

  http.delete('/api/me', async ({ request, response }) => {
    const owner = userForAuthorization(request.headers.get('Authorization'));
    if (!owner) return response(401).json(sessionInvalid());
    const { confirmation } = await request.json();
    const typed = typeof confirmation === 'string' ? confirmation.trim().toLowerCase() : null;
    if (typed !== owner.user.display_name.toLowerCase()) {
      return response(400).json(
        validationFailed([{ field: 'confirmation', message: ACCOUNT_MESSAGES.deleteMeConfirmation }]),
      );
    }
    const userId = owner.user.id;
    for (const [id, entry] of mockDb.accounts) if (entry.userId === userId) mockDb.accounts.delete(id);
    for (const [token, tokenUser] of mockDb.tokens) if (tokenUser === userId) mockDb.tokens.delete(token);
    // As on the server, feedback stays for the admins, without its author.
    for (const entry of mockDb.feedback) if (entry.userId === userId) entry.userId = null;
    mockDb.users.delete(userId);
    return response(200).json({ message: 'Your account has been deleted' });
  }),
];
