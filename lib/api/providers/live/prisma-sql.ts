// The adapters' database (Sql, ./types.ts) where no pg pool is handed to the provider resolver:
// the console's status page and check-sources, and tests. Prisma is loaded on the first statement,
// so importing the adapters opens no database.
import type { Sql } from './types';

export const prismaSql: Sql = {
  async query<R extends Record<string, unknown>>(text: string, values: unknown[] = []) {
    const { db } = await import('@/lib/db');
    return { rows: await db.$queryRawUnsafe<R[]>(text, ...values) };
  },
};
