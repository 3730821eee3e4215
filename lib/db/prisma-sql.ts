// The live adapters' database (`Sql`, lib/api/providers/live/types.ts) over the Prisma client,
// for the processes that hand them no pg pool: the console's status page, check-sources, and
// tests. The API process hands its own pool, so it never loads Prisma. Prisma is loaded on the
// first statement, so importing this opens no database.
export const prismaSql = {
  async query<R extends Record<string, unknown>>(text: string, values: unknown[] = []): Promise<{ rows: R[] }> {
    const { db } = await import('./index');
    return { rows: await db.$queryRawUnsafe<R[]>(text, ...values) };
  },
};
