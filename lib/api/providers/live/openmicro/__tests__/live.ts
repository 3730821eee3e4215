// The openmicro adapter behind the real gateway and billing, pointed at a replay server: shared by
// the provider and session tests.
import { usageEvents } from '@/lib/api/__tests__/support/cases';
import { startTestApi, type TestAccount, type TestApi } from '@/lib/api/__tests__/support/harness';
import { createProviderResolver, type ProviderResolver } from '@/lib/api/providers';
import type { ReplayServer } from '../../__tests__/support/replay-server';

export interface Live {
  api: TestApi;
  resolver: ProviderResolver;
  logs: string[];
}

export async function startLive(replay: ReplayServer, env: Record<string, string> = {}): Promise<Live> {
  const logs: string[] = [];
  const resolver = createProviderResolver(
    // Politeness has its own test: elsewhere the bucket never makes a call wait.
    {
      DATA_SOURCE: 'live',
      LIVE_OPENMICRO_URL: replay.url,
      LIVE_CACHE_SECONDS: '0',
      LIVE_OPENMICRO_REQUESTS_PER_MINUTE: '6000',
      LIVE_OPENMICRO_BURST: '100',
      ...env,
    },
    { log: (m) => logs.push(m) },
  );
  const api = await startTestApi({ providerFor: resolver, redisUrl: '' });
  return { api, resolver, logs };
}

export async function stopLive(live: Live | undefined): Promise<void> {
  await live?.api.close();
  await live?.resolver.close();
}

export async function billedUnits(account: TestAccount, response: Response): Promise<number | undefined> {
  const id = response.headers.get('x-request-id');
  return (await usageEvents(account.accountId)).find((e) => e.id === id)?.units;
}
