// Which source serves each family: the sandbox, the operator's HTTP upstream, or the family's
// native adapter (live). Read from the environment once; a setting that cannot be honoured (live
// for a family without an adapter, upstream without its URL, an unknown word) fails at start
// with a message naming the variable.
import { families, type Family } from '../registry/types';
import { liveAdapters } from './live/adapters';
import type { LiveAdapter } from './live/types';
import type { EnvRecord } from '@/lib/env';

export type DataSource = 'sandbox' | 'live' | 'upstream';

export interface FamilySource {
  family: Family;
  source: DataSource;
  /** For live: the adapter and the /v1 paths it serves (the family's other paths use `fallback`). */
  adapter?: LiveAdapter;
  /** For live: the platform's base address. */
  liveBaseUrl?: string;
  /** Where a path not served live goes (and the whole family when source is not live). */
  fallback: 'sandbox' | 'upstream';
  /** Why DATA_SOURCE=live leaves a family with an adapter off the platform (a missing key). */
  notLiveReason?: string;
}

export class SourceConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SourceConfigError';
  }
}

/** Families no native adapter can serve, and why: /status shows it when DATA_SOURCE=live. */
const noLiveSource: Partial<Record<Family, string>> = {
  pronet:
    'the professional network has no public API for post search: it is served by the sandbox, or by an upstream the operator runs (UPSTREAM_PRONET_URL)',
};

const value = (env: EnvRecord, name: string): string | undefined => (env[name] === '' ? undefined : env[name]);

export function resolveSources(
  env: EnvRecord,
  adapters: Partial<Record<Family, LiveAdapter>> = liveAdapters,
): Record<Family, FamilySource> {
  const global = value(env, 'DATA_SOURCE') ?? 'sandbox';
  if (global !== 'sandbox' && global !== 'live')
    throw new SourceConfigError(`DATA_SOURCE must be sandbox or live, not '${global}'`);
  const out = {} as Record<Family, FamilySource>;
  for (const family of families) {
    const name = family.toUpperCase();
    const override = value(env, `DATA_SOURCE_${name}`);
    if (override !== undefined && override !== 'sandbox' && override !== 'live' && override !== 'upstream') {
      throw new SourceConfigError(`DATA_SOURCE_${name} must be sandbox, live or upstream, not '${override}'`);
    }
    const upstreamUrl = value(env, `UPSTREAM_${name}_URL`);
    const adapter = adapters[family];
    if (override === 'live' && !adapter) {
      const known = Object.keys(adapters).join(', ') || 'none yet';
      throw new SourceConfigError(
        `DATA_SOURCE_${name}=live, but ${family} has no native adapter (families with one: ${known})`,
      );
    }
    if (override === 'upstream' && !upstreamUrl)
      throw new SourceConfigError(`DATA_SOURCE_${name}=upstream needs UPSTREAM_${name}_URL`);
    const unavailable = adapter ? adapter.unavailableReason?.(env) : noLiveSource[family];
    if (override === 'live' && unavailable) throw new SourceConfigError(`DATA_SOURCE_${name}=live, but ${unavailable}`);
    const fallback = override !== 'sandbox' && upstreamUrl ? 'upstream' : 'sandbox';
    const source: DataSource = override ?? (global === 'live' && adapter && !unavailable ? 'live' : fallback);
    if (source === 'live' && adapter) {
      const liveBaseUrl = value(env, `LIVE_${name}_URL`) ?? adapter.defaultBaseUrlFor?.(env) ?? adapter.defaultBaseUrl;
      if (!URL.canParse(liveBaseUrl)) throw new SourceConfigError(`LIVE_${name}_URL is not a URL: '${liveBaseUrl}'`);
      out[family] = { family, source, adapter, liveBaseUrl, fallback };
    } else {
      const notLiveReason = global === 'live' && override === undefined ? unavailable : undefined;
      out[family] = { family, source, fallback, ...(notLiveReason ? { notLiveReason } : {}) };
    }
  }
  return out;
}
