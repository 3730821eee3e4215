// Resolves the database for a script: DATABASE_URL when set, else the embedded server under
// .data/ (started for the duration of `fn` unless another process already runs it).
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../lib/db/embedded';

export const embeddedDirs = { app: '.data/pg', test: '.data/pg-test' } as const;

export async function resolveDatabase(
  kind: keyof typeof embeddedDirs = 'app',
  database = 'app',
): Promise<EmbeddedDatabase> {
  const url = process.env.DATABASE_URL;
  if (url) return { url, owner: false, stop: async () => {} };
  return startEmbeddedPostgres({ dir: embeddedDirs[kind], database });
}

export async function withDatabase<T>(fn: (url: string) => Promise<T>): Promise<T> {
  const database = await resolveDatabase();
  try {
    return await fn(database.url);
  } finally {
    await database.stop();
  }
}
