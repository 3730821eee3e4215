// Each family's source as customers and operators see it (/status, the landing page, /docs):
// live, upstream or sandbox, and for live the paths served from the platform. Never throws: a
// setting the API refuses at start is reported as the error instead.
import { familyTitle } from '../families';
import { dataEndpoints } from '../registry';
import type { Family } from '../registry/types';
import type { LiveAdapter } from './live/types';
import { resolveSources, type DataSource } from './sources';

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
}

export interface SourceSummary {
  families: FamilySourceSummary[];
  /** The configuration error the API refuses to start with, if any. */
  error: string | null;
}

export function summarizeSources(
  env: Readonly<Record<string, string | undefined>> = process.env,
  adapters?: Partial<Record<Family, LiveAdapter>>,
): SourceSummary {
  const families = [...new Set(dataEndpoints.map((e) => e.family))].filter((f): f is Family => f !== 'platform');
  const pathsOf = (family: Family) => dataEndpoints.filter((e) => e.family === family).map((e) => e.path);
  let sources: ReturnType<typeof resolveSources>;
  try {
    sources = resolveSources(env, adapters);
  } catch (error) {
    return {
      families: families.map((family) => ({
        family,
        title: familyTitle(family),
        source: 'sandbox',
        livePaths: [],
        paths: pathsOf(family),
        notLiveReason: null,
        dailyQuota: null,
        sandboxReasons: {},
      })),
      error: error instanceof Error ? error.message : String(error),
    };
  }
  return {
    families: families.map((family) => {
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
        title: familyTitle(family),
        source,
        livePaths,
        paths,
        notLiveReason: notLiveReason ?? null,
        dailyQuota,
        sandboxReasons,
      };
    }),
    error: null,
  };
}
