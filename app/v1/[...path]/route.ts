// /v1/*: the public API on the console's origin, for the explorer's same-origin calls. Under
// `npm start` it forwards to the API server on API_PORT (API_INTERNAL_URL), which holds the
// per-account limits; under `npm run dev` (no API server) it runs the same gateway in Next.
import { env } from '@/lib/env';
import { forwardToApiServer } from '@/lib/console/forward-to-api-server';
import { createApiRuntime, type ApiRuntime } from '@/lib/api/process/runtime';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

const globalForApi = globalThis as unknown as { apiRuntime?: Promise<ApiRuntime> };

function gateway(request: Request): Promise<Response> {
  if (env.API_INTERNAL_URL) return forwardToApiServer(request, env.API_INTERNAL_URL);
  globalForApi.apiRuntime ??= createApiRuntime();
  return globalForApi.apiRuntime.then((api) => api.gateway.fetch(request));
}

export const GET = gateway;
export const POST = gateway;
export const PUT = gateway;
export const PATCH = gateway;
export const DELETE = gateway;
