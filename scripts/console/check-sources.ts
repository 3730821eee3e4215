// check-sources: calls each live source's endpoints once each (the adapter's probe and its further
// probes), through its adapter and the gateway's own error mapping and deadline
// (UPSTREAM_TIMEOUT_MS), and prints a line per call: ok with the latency, or the error. Exit 1
// when a live source fails; families on the sandbox or an upstream are listed but not called.
// It checks the configuration of the app running on this database, which `npm start` registered
// (lib/api/providers/running-sources.ts), as the command line finds that app's database and
// Stripe emulator; with none running, or with --settings shell, the settings of its own
// environment. Its first line says which.
import { performance } from 'node:perf_hooks';
import { callProvider } from '@/lib/api/gateway/provider-call';
import { createProviderResolver } from '@/lib/api/providers';
import type { LiveAdapter } from '@/lib/api/providers/live/types';
import { summarizeSources } from '@/lib/api/providers/source-summary';
import { findEndpoint } from '@/lib/api/registry';
import type { Family } from '@/lib/api/registry/types';
import { readLiveSettings } from '@/lib/api/providers/live';
import { liveAdapters } from '@/lib/api/providers/live/adapters';
import { prismaSql } from '@/lib/db/prisma-sql';
import { envRecord, type EnvRecord } from '@/lib/env';
import {
  describeSourceSettings,
  findRunningSources,
  isSourceSetting,
  sourceSettings,
} from '@/lib/api/providers/running-sources';

import { parseFlags, UsageError } from './args';
import type { ConsoleCommand } from './command';

export interface SourceCheck {
  family: Family;
  source: string;
  /** For live families: true when this probe call answered 200. */
  ok?: boolean;
  latencyMs?: number;
  detail: string;
}

export interface CheckOptions {
  env?: EnvRecord;
  adapters?: Partial<Record<Family, LiveAdapter>>;
  /** Only this family. */
  family?: string;
  /** The adapters' log lines (the platform's status, the field a payload lacks). */
  log?: (message: string) => void;
}

export async function checkSources(options: CheckOptions = {}): Promise<SourceCheck[]> {
  const env = options.env ?? envRecord();
  const adapters = options.adapters ?? liveAdapters;
  const summary = summarizeSources(env, adapters);
  if (summary.error) throw new Error(summary.error);
  const families = summary.families.filter((f) => !options.family || f.family === options.family);
  if (options.family && families.length === 0) throw new UsageError(`Unknown family: ${options.family}`);
  const resolve = createProviderResolver(env, { adapters, log: options.log ?? (() => {}), sql: prismaSql });
  const { UPSTREAM_TIMEOUT_MS: timeoutMs } = readLiveSettings(env);
  const checks: SourceCheck[] = [];
  try {
    for (const f of families) {
      const adapter = adapters[f.family];
      if (f.source !== 'live' || !adapter) {
        const why = f.notLiveReason ? ` (not live: ${f.notLiveReason})` : '';
        checks.push({ family: f.family, source: f.source, detail: `${f.source}${why}, not checked` });
        continue;
      }
      // The adapter's probe, then one call for each of its other paths (every live endpoint is checked).
      for (const probe of [adapter.probe, ...(adapter.probes ?? [])]) {
        const endpoint = findEndpoint(probe.path);
        const parsed = endpoint?.params.safeParse(probe.query);
        if (!endpoint || !parsed?.success) {
          checks.push({
            family: f.family,
            source: 'live',
            ok: false,
            detail: `the adapter's probe ${probe.path} is not a valid call`,
          });
          continue;
        }
        const started = performance.now();
        const { outcome } = await callProvider({
          provider: resolve(endpoint),
          endpoint,
          params: parsed.data,
          client: { signal: new AbortController().signal },
          timeoutMs,
          analyze: () => null,
          logFailure: () => {},
        });
        const latencyMs = Math.round(performance.now() - started);
        const call = `GET ${endpoint.path}?${new URLSearchParams(probe.query as Record<string, string>)}`;
        if (outcome.status === 200) {
          checks.push({ family: f.family, source: 'live', ok: true, latencyMs, detail: call });
        } else {
          const body = outcome.body as { code?: string; error?: string };
          checks.push({
            family: f.family,
            source: 'live',
            ok: false,
            latencyMs,
            detail: `${outcome.status} ${body.code}: ${body.error} (${call})`,
          });
        }
      }
    }
  } finally {
    await resolve.close();
  }
  return checks;
}

/** One line per call (per family when not live), aligned. */
export function formatChecks(checks: readonly SourceCheck[]): string[] {
  const width = Math.max(...checks.map((c) => c.family.length));
  return checks.map((c) => {
    const name = c.family.padEnd(width);
    if (c.ok === undefined) return `${name}  -       ${c.detail}`;
    return c.ok ? `${name}  ok      ${c.latencyMs} ms  ${c.detail}` : `${name}  FAILED  ${c.detail}`;
  });
}

/**
 * The environment to check: this one with its source settings replaced by those of the app
 * running on this database, when one is and `settings` is not 'shell'; and the line saying which.
 */
function settingsToCheck(
  env: EnvRecord,
  settings: 'app' | 'shell' | undefined,
): { env: Record<string, string | undefined>; description: string } {
  const running = settings === 'shell' ? null : findRunningSources(env.DATABASE_URL ?? '');
  if (!running) {
    if (settings === 'app') throw new Error('No app is running on this database (npm start registers its settings)');
    const why = settings === 'shell' ? '--settings shell' : 'no app is running on this database';
    return {
      env: { ...env },
      description: `Checking this shell's source settings (${why}): ${describeSourceSettings(sourceSettings(env))}`,
    };
  }
  const own = Object.fromEntries(Object.entries(env).filter(([name]) => !isSourceSetting(name)));
  const since = running.startedAt.slice(0, 16).replace('T', ' ');
  return {
    env: { ...own, ...running.settings },
    description: `Checking the running app's source settings (npm start, pid ${running.pid}, started ${since} UTC): ${describeSourceSettings(running.settings)}`,
  };
}

export const checkSourcesCommand: ConsoleCommand = {
  usage: 'check-sources [--family NAME] [--settings app|shell]',
  description:
    "Call each live data source once through its adapter, with the running app's settings (or this shell's); print ok and the latency or the error per family (exit 1 when one fails).",
  async run(args) {
    const flags = parseFlags(args, ['family', 'settings']);
    if (flags.settings !== undefined && flags.settings !== 'app' && flags.settings !== 'shell')
      throw new UsageError("--settings must be app (the running app's, the default when one runs) or shell");
    const { env, description } = settingsToCheck(envRecord(), flags.settings);
    console.log(description);
    const checks = await checkSources({ env, family: flags.family, log: (line) => console.error(line) });
    for (const line of formatChecks(checks)) console.log(line);
    // Counted per family: a family with several probes fails once.
    const live = [...new Set(checks.filter((c) => c.ok !== undefined).map((c) => c.family))];
    if (live.length === 0)
      console.log('No family is live (DATA_SOURCE=live or DATA_SOURCE_<FAMILY>=live turns the native adapters on).');
    const failed = [...new Set(checks.filter((c) => c.ok === false).map((c) => c.family))];
    if (failed.length > 0)
      throw new Error(
        `${failed.length} of ${live.length} live source${live.length === 1 ? '' : 's'} failed: ${failed.join(', ')}`,
      );
  },
};
