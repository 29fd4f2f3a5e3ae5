import { createTestApp, type TestApp } from './harness.js';
import { person } from './social-fixtures.js';
let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(() => t.close());
it('probe', async () => {
  await person(t);
  const a = await createTestApp();
  await person(a);
  await person(t);
  console.log('before close ok');
  await a.close();
  await person(t);
  console.log('after close ok');
});
