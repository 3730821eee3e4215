// Ad-hoc: start the API server with --cpu-prof, load it, stop it. Not committed.
import { spawn } from 'node:child_process';
import autocannon from 'autocannon';
import pg from 'pg';
import { apiKeyDisplay, generateApiKey, hashApiKey } from '../../lib/api-key';
import { resolveDatabase } from '../lib/with-database';
const database = await resolveDatabase('app', 'bench');
const client = new pg.Client({ connectionString: database.url }); await client.connect();
const keys: string[] = [];
for (let i = 0; i < 10; i++) {
  const key = generateApiKey(); const { prefix, last4 } = apiKeyDisplay(key); const id = `prof_${Date.now()}_${i}`;
  await client.query(`INSERT INTO "Account" (id, "billingByInvoice") VALUES ($1, true)`, [id]);
  await client.query(`INSERT INTO "ApiKey" (id, "accountId", name, hash, prefix, last4) VALUES ($1,$2,'p',$3,$4,$5)`, [`k${id}`, id, hashApiKey(key), prefix, last4]);
  keys.push(key);
}
await client.end();
const child = spawn(process.execPath, [...(process.env.PROFILE ? ['--cpu-prof', '--cpu-prof-dir=/tmp/prof'] : []), '--import', 'tsx', 'lib/api/server/main.ts'], { env: { ...process.env, DATABASE_URL: database.url, API_PORT: '3881', API_HOST: '127.0.0.1', NODE_ENV: 'production' }, stdio: ['ignore', 'pipe', 'inherit'] });
await new Promise((r) => child.stdout!.on('data', (d: Buffer) => d.toString().includes('listening') && r(null)));
let n = 0;
const r = await autocannon({ url: 'http://127.0.0.1:3881/v1/socialnet/locations?query=berlin', connections: 50, duration: 8, setupClient: (c: { setHeaders(h: Record<string, string>): void }) => c.setHeaders({ 'x-api-key': keys[n++ % 10]! }) });
console.log('rps', r.requests.average, 'p50', r.latency.p50, 'non2xx', r.non2xx);
child.kill('SIGTERM'); await new Promise((r) => child.once('exit', r));
await database.stop();
