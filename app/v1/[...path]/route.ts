// /v1/*: the public API mounted in Next for `npm run dev` and for same-origin calls from the
// console's explorer. Production traffic goes to the API server on API_PORT (lib/api/server),
// which runs the same gateway without Next's per-request pipeline.
import { createApiRuntime, type ApiRuntime } from '@/lib/api/server/runtime';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

const globalForApi = globalThis as unknown as { apiRuntime?: Promise<ApiRuntime> };

function gateway(request: Request): Promise<Response> {
  globalForApi.apiRuntime ??= createApiRuntime();
  return globalForApi.apiRuntime.then((api) => api.gateway.fetch(request));
}

export const GET = gateway;
export const POST = gateway;
export const PUT = gateway;
export const PATCH = gateway;
export const DELETE = gateway;
