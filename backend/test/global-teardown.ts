export default async function globalTeardown(): Promise<void> {
  const db = (globalThis as { __scrivenTestDb?: { stop(): Promise<void> } }).__scrivenTestDb;
  await db?.stop();
}
