// The headers of a call's answer as the API sends them. Calls from the explorer go through the
// console's /v1 mount, where Next adds headers of its own (x-nextjs-*, `vary: rsc, next-router-…`)
// that a client calling the API directly never sees; the response view leaves them out.

const consoleOnly = /^(x-nextjs-|x-middleware-|x-next-)/;
const consoleVary = /^(rsc|next-router-.*|next-url)$/;

export function apiHeaders(headers: readonly (readonly [string, string])[]): [string, string][] {
  const kept: [string, string][] = [];
  for (const [name, value] of headers) {
    const lower = name.toLowerCase();
    if (consoleOnly.test(lower)) continue;
    if (lower === 'vary') {
      const own = value
        .split(',')
        .map((v) => v.trim())
        .filter((v) => v !== '' && !consoleVary.test(v.toLowerCase()));
      if (own.length > 0) kept.push([name, own.join(', ')]);
      continue;
    }
    kept.push([name, value]);
  }
  return kept;
}
