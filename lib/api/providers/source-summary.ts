// Each family's source as customers and operators see it (/status, the landing page, /docs):
// live, upstream or sandbox, and for live the paths served from the platform. Never throws: a
// setting the API refuses at start is reported as the error instead.
import { groupTitle } from '../families';
import { dataEndpoints } from '../registry';
import type { Family } from '../registry/types';
import { liveAdapters } from './live/adapters';
import type { LiveAdapter } from './live/types';
import { resolveSources, type DataSource, type FamilySource } from './sources';
import { envRecord, type EnvRecord } from '@/lib/env';

/**
 * Where one endpoint's answers come from: the family's source, or for a family with a native
 * adapter that DATA_SOURCE=live cannot use (no API key), 'live_missing_credentials' on the
 * adapter's paths (served meanwhile by the sandbox or upstream, `servedBy`).
 */
type EndpointSource = DataSource | 'live_missing_credentials';

export interface EndpointSourceSummary {
  path: string;
  source: EndpointSource;
  /** Who answers now: the platform (live), the operator's upstream or the sandbox. */
  servedBy: DataSource;
  /** Why the path is not live: the missing credentials, or why the adapter leaves it out; null otherwise. */
  reason: string | null;
}

export interface FamilySourceSummary {
  family: Family;
  title: string;
  source: DataSource;
  /** Paths served by the native adapter (live families); the family's others use the sandbox or upstream. */
  livePaths: string[];
  /** Every path of the family. */
  paths: string[];
  /** Why the family is not live although DATA_SOURCE=live (videosite without its API key); null otherwise. */
  notLiveReason: string | null;
  /** Live families whose platform counts a daily quota of units: the zone its day is counted in. */
  dailyQuota: { timeZone: string } | null;
  /** Live families: why a path stays on the sandbox or upstream, where the adapter says (no public endpoint). */
  sandboxReasons: Record<string, string>;
  /** Every path of the family with its own source, in the registry's order. */
  endpoints: EndpointSourceSummary[];
}

export interface SourceSummary {
  families: FamilySourceSummary[];
  /** Endpoints answered from their platform (source 'live'), of `endpointCount`. */
  liveEndpoints: number;
  /** Data endpoints in all (batch and the key check are not data endpoints). */
  endpointCount: number;
  /** The configuration error the API refuses to start with, if any. */
  error: string | null;
}

export function summarizeSources(
  env: EnvRecord = envRecord(),
  adapters?: Partial<Record<Family, LiveAdapter>>,
): SourceSummary {
  const families = [...new Set(dataEndpoints.map((e) => e.family))];
  const pathsOf = (family: Family) => dataEndpoints.filter((e) => e.family === family).map((e) => e.path);
  let sources: ReturnType<typeof resolveSources>;
  try {
    sources = resolveSources(env, adapters);
  } catch (error) {
    return {
      families: families.map((family) => ({
        family,
        title: groupTitle(family),
        source: 'sandbox',
        livePaths: [],
        paths: pathsOf(family),
        notLiveReason: null,
        dailyQuota: null,
        sandboxReasons: {},
        endpoints: pathsOf(family).map((path) => ({ path, source: 'sandbox', servedBy: 'sandbox', reason: null })),
      })),
      liveEndpoints: 0,
      endpointCount: families.flatMap(pathsOf).length,
      error: error instanceof Error ? error.message : String(error),
    };
  }
  const summaries: FamilySourceSummary[] = families.map((family) => {
    const { source, adapter, notLiveReason } = sources[family];
    const paths = pathsOf(family);
    const livePaths = source === 'live' && adapter ? paths.filter((p) => adapter.paths.includes(p as never)) : [];
    const dailyQuota = source === 'live' && adapter?.dailyQuota ? adapter.dailyQuota : null;
    const sandboxReasons = Object.fromEntries(
      livePaths.length > 0
        ? paths.flatMap((p) =>
            adapter?.sandboxReasons?.[p as never] ? [[p, adapter.sandboxReasons[p as never]!]] : [],
          )
        : [],
    );
    return {
      family,
      title: groupTitle(family),
      source,
      livePaths,
      paths,
      notLiveReason: notLiveReason ?? null,
      dailyQuota,
      sandboxReasons,
      endpoints: paths.map((path) => endpointSource(sources[family], (adapters ?? liveAdapters)[family], path)),
    };
  });
  return {
    families: summaries,
    liveEndpoints: summaries.reduce((n, f) => n + f.endpoints.filter((e) => e.source === 'live').length, 0),
    endpointCount: summaries.reduce((n, f) => n + f.endpoints.length, 0),
    error: null,
  };
}

/** One path's source within its family's (resolveSources'). */
function endpointSource(family: FamilySource, adapter: LiveAdapter | undefined, path: string): EndpointSourceSummary {
  const served = adapter?.paths.includes(path as never) ?? false;
  if (family.source === 'live') {
    if (served) return { path, source: 'live', servedBy: 'live', reason: null };
    const reason = adapter?.sandboxReasons?.[path as never] ?? null;
    return { path, source: family.fallback, servedBy: family.fallback, reason };
  }
  if (family.notLiveReason && served) {
    return { path, source: 'live_missing_credentials', servedBy: family.source, reason: family.notLiveReason };
  }
  return { path, source: family.source, servedBy: family.source, reason: null };
}
