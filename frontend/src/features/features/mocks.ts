import { http } from '../../mocks/http';

/** One flag of the mock server (what the admin console lists, and what GET /api/features reports). */
export interface MockFeatureFlag {
  enabled: boolean;
  description: string;
  created_by: string | null;
  /** The instance's own flags (created by no admin). */
  built_in: boolean;
  created_at: string;
}

const BUILT_IN: Record<string, string> = {
  editor: 'The editor studio: editing your videos and exporting them as new videos.',
  gaming: 'The gaming section.',
  live: 'Live streams.',
  music: 'The music section.',
  podcasts: 'The podcasts section.',
  reels: 'Shorts: the Shorts section, viewer, uploads, likes and comments.',
  registration: 'New people can create an account (signing in keeps working when off).',
  super_chat: 'Paid Super Chat messages during live streams.',
  uploads: 'Uploading videos, shorts and movies (one-request and chunked uploads).',
};

function builtIn(): Map<string, MockFeatureFlag> {
  return new Map(
    Object.entries(BUILT_IN).map(([name, description]) => [name, { enabled: true, description, created_by: null, built_in: true, created_at: '2026-11-24T20:01:00.000Z' }]),
  );
}

/** The mock server's flags; tests call `resetMockFeatureFlags` (and may switch one with `setMockFeature`). */
export const mockFeatureFlags = { flags: builtIn() };

export function resetMockFeatureFlags(): void {
  mockFeatureFlags.flags = builtIn();
}

export function setMockFeature(name: string, enabled: boolean): void {
  const flag = mockFeatureFlags.flags.get(name);
  if (flag) flag.enabled = enabled;
  else mockFeatureFlags.flags.set(name, { enabled, description: '', created_by: 'admin', built_in: false, created_at: new Date().toISOString() });
}

/** GET /api/features, as the app reads it. */
export const featuresHandlers = [
  http.get('/api/features', ({ response }) =>
    response(200).json(Object.fromEntries([...mockFeatureFlags.flags].sort(([a], [b]) => a.localeCompare(b)).map(([name, f]) => [name, f.enabled]))),
  ),
];
