// GET /healthz: the console process answers (liveness; checks nothing else). No session needed.
export const dynamic = 'force-dynamic';

export function GET(): Response {
  return Response.json({ status: 'ok' }, { headers: { 'cache-control': 'no-store' } });
}
