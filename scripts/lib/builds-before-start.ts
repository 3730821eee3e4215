// What `npm start` builds before it runs anything, so that the first start of a fresh clone
// runs what `npm run build` would have made: the console's production build (.next) when there
// is none, and the servers' bundles (dist/) when one is missing or older than its sources
// (esbuild: seconds). A console build older than its sources is not detected (that would mean
// hashing the app); `npm run build` remakes it.
import { existsSync } from 'node:fs';
import { serverBundles, staleReason } from './server-bundles';

export interface BuildBeforeStart {
  step: 'console' | 'servers';
  /** Why, as `npm start` prints it. */
  reason: string;
}

export function buildsBeforeStart(): BuildBeforeStart[] {
  const builds: BuildBeforeStart[] = [];
  if (!existsSync('.next/BUILD_ID')) builds.push({ step: 'console', reason: 'no production build of the console yet' });
  const stale = Object.values(serverBundles)
    .map((bundle) => staleReason(bundle))
    .find((reason) => reason !== null);
  if (stale) builds.push({ step: 'servers', reason: stale });
  return builds;
}
