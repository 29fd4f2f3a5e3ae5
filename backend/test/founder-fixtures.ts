import { RequestContext } from '@mikro-orm/core';
import { FounderFacade } from '../src/modules/founder/founder.facade.js';
import type { TestApp } from './harness.js';
import type { Auth } from './media-fixtures.js';

/** The founder's credentials as the tests set them up (spelled as a person might type them). */
export const FOUNDER = {
  email: 'Founder@Example.com',
  phone: '+1 (555) 010-2030',
  licenseNumber: 'd123-456 789',
  username: 'TheFounder',
  masterKey: 'correct horse battery staple',
};

export type FounderCredentials = typeof FOUNDER;

/** Sets the founder up as `npm run cli -- founder:setup` does (through the founder context's facade). */
export async function setUpFounder(t: TestApp, credentials: FounderCredentials = FOUNDER): Promise<{ id: string; replaced: boolean }> {
  return RequestContext.create(t.orm.em, () => t.app.get(FounderFacade).setUp(credentials));
}

/** A founder token from Legacy Access (POST /api/founder/login), as an Authorization header. */
export async function founderSignIn(t: TestApp, credentials: FounderCredentials = FOUNDER): Promise<Auth> {
  const r = await t.http().post('/api/founder/login').type('form').send({ username: credentials.username, password: credentials.masterKey });
  if (r.status !== 200) throw new Error(`founder login: ${r.status} ${JSON.stringify(r.body)}`);
  return ['Authorization', `Bearer ${r.body.access_token}`];
}

/** A founder set up (unless one is) and signed in: the Authorization header of a founder token. */
export async function founderAuth(t: TestApp, credentials: FounderCredentials = FOUNDER): Promise<Auth> {
  if (!(await RequestContext.create(t.orm.em, () => t.app.get(FounderFacade).isSetUp()))) await setUpFounder(t, credentials);
  return founderSignIn(t, credentials);
}
