// The Node flags the API server runs with: under `npm start` (scripts/run.ts), in the tests'
// API server processes and in bench:api (where the baselines get them too); its cluster workers
// inherit them.
//
// A young generation of up to 64 MB per semi-space, where V8's default is 16: a 185 KB answer is
// about 2 MB of short-lived objects, and with calls waiting for the billing commit the default
// young generation was scavenged so often, copying the objects of the calls in progress each
// time, that garbage collection took a large share of the large case's time (docs/performance.md,
// "What bounds each case"; measure with npm run bench:api). The price is memory under load
// (a larger heap), and an idle server no more than before.
export const apiServerNodeFlags = ['--max-semi-space-size=64'];

/** The API server's command line after `node`: these flags, tsx, and its entry point. */
export const apiServerArgs = [...apiServerNodeFlags, '--import', 'tsx', 'lib/api/process/main.ts'];
