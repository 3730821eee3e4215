// The API as the adapters' provider tests run it: the real gateway and billing on a resolver built
// from the given settings (DATA_SOURCE, LIVE_<FAMILY>_URL pointing at a replay server, ...), with
// the providers' log lines collected so a test can read what was logged, and the database through
// Prisma unless the test hands its own.
import { usageEvents } from '@/lib/api/__tests__/support/cases';
import { startTestApi, type TestAccount, type TestApi } from '@/lib/api/__tests__/support/harness';
import { createProviderResolver, type ProviderResolver } from '@/lib/api/providers';
import { prismaSql } from '@/lib/db/prisma-sql';

export interface LiveApi {
  api: TestApi;
  resolver: ProviderResolver;
  logs: string[];
  /** Stops the API, then its resolver (the live providers' clients and buckets). */
  close(): Promise<void>;
}

/** What a test may hand the resolver besides the settings: its own adapters, or its own database. */
export type LiveApiOptions = Omit<NonNullable<Parameters<typeof createProviderResolver>[1]>, 'log'>;

export async function startLiveApi(env: Record<string, string>, options: LiveApiOptions = {}): Promise<LiveApi> {
  const logs: string[] = [];
  const resolver = createProviderResolver(env, { sql: prismaSql, ...options, log: (m) => logs.push(m) });
  const api = await startTestApi({ providerFor: resolver, redisUrl: '' });
  return {
    api,
    resolver,
    logs,
    async close() {
      await api.close();
      await resolver.close();
    },
  };
}

/** Units billed for the call that answered `response`. */
export async function billedUnits(account: TestAccount, response: Response): Promise<number | undefined> {
  const id = response.headers.get('x-request-id');
  return (await usageEvents(account.accountId)).find((e) => e.id === id)?.units;
}
