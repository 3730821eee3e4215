// Where the API server's CPU goes per call, from a V8 CPU profile of one measurement: each
// sample is charged to the pipeline step of the innermost frame of our own code on its stack
// (so JSON.stringify called from respond.ts counts as "respond"), or, with none, to the Node or
// library code it ran (HTTP parsing and writing, the pg driver, garbage collection).
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Pipeline steps, matched against a frame's file in order. */
const steps: [string, RegExp][] = [
  [
    'authenticate (key hash, cache, auth barrier)',
    /lib\/api\/gateway\/(auth-directory|auth-versions)\.ts|lib\/api-key/,
  ],
  ['route and validate parameters', /lib\/api\/registry\/|zod\/|lib\/api\/gateway\/gateway\.ts/],
  [
    'limits (concurrency, free tier, caps)',
    /lib\/api\/gateway\/(concurrency|cluster-limiter|free-tier|spend-caps)\.ts/,
  ],
  ['sandbox provider', /lib\/api\/sandbox\/|lib\/api\/providers\/|lib\/api\/gateway\/provider-call\.ts/],
  ['bill (usage writer, pg driver)', /lib\/api\/gateway\/usage-recorder\.ts|\/pg\/|\/pg-pool\/|\/pg-protocol\//],
  ['call bookkeeping (call-endpoint)', /lib\/api\/gateway\/call-endpoint\.ts/],
  ['respond (JSON, headers, compression)', /lib\/api\/gateway\/(respond|compression|cors)\.ts/],
  [
    'HTTP server (node:http, @hono/node-server, Request/Response)',
    /@hono\/node-server|node:_http|node:net|node:internal\/(stream|streams|deps\/undici|http|url|webstreams)|node:stream|undici/,
  ],
];
const ours = /\/lib\/|\/pg\/|\/pg-pool\/|\/pg-protocol\/|zod\/|@hono\/node-server/;

export function profileBreakdown(file: string, calls: number): { step: string; microsPerCall: number }[] {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);

  const stepOf = new Map<number, string>();
  const classify = (id: number): string => {
    const known = stepOf.get(id);
    if (known) return known;
    const leaf = byId.get(id)!.callFrame;
    let step: string | undefined;
    if (leaf.functionName === '(idle)') step = 'idle';
    else if (leaf.functionName === '(garbage collector)') step = 'garbage collection';
    for (let at: number | undefined = id; !step && at !== undefined; at = parent.get(at)) {
      const { url } = byId.get(at)!.callFrame;
      if (!ours.test(url)) continue;
      step = steps.find(([, pattern]) => pattern.test(url))?.[0];
    }
    if (!step) step = steps.find(([, pattern]) => pattern.test(leaf.url))?.[0];
    step ??= 'other (event loop, timers, promises, native)';
    stepOf.set(id, step);
    return step;
  };

  const micros = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const step = classify(id);
    micros.set(step, (micros.get(step) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  micros.delete('idle');
  return [...micros]
    .map(([step, total]) => ({ step, microsPerCall: total / calls }))
    .sort((a, b) => b.microsPerCall - a.microsPerCall);
}
