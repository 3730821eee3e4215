// Who a key belongs to, cached in memory and invalidated the moment it changes. A trigger
// (prisma/functions.sql) sends NOTIFY auth_changed, numbered from a sequence, when a key's status
// or an account's standing changes; every API process LISTENs. Before a request may use the
// cache, the sequence is read (one query per event-loop turn, shared by the requests of that
// turn): if a change was committed that this process has not yet heard of, the request reads the
// database instead. So a revocation, deletion or block made anywhere holds on the very next
// request on every instance. Only working keys of unblocked accounts are cached, so re-enabling
// and unblocking take effect at once too. While the listener is down, nothing is cached.
// A key's end (its expiry, or a roll's grace end) is cached with it and compared with the clock
// by the gateway on every call, so it holds without a notice; setting or moving it notifies.
import pg from 'pg';
import { hashApiKey } from '@/lib/api-key';
import { AuthVersions } from './auth-versions';

export interface KeyIdentity {
  keyId: string;
  accountId: string;
  status: 'active' | 'revoked' | 'deleted';
  name: string | null;
  prefix: string;
  last4: string;
  /** When the key stops working (epoch ms; an expiry or a roll's grace end), or null. Cached with
   * the key: its passing needs no notice, the gateway compares it with the clock on every call. */
  expiresAt: number | null;
  /** Families or endpoint paths the key may call; empty: every one (key-scopes.ts). */
  scopes: string[];
  /** The key's own monthly spend limit in micro-dollars, or null (spend-caps.ts). */
  monthlyLimitMicros: number | null;
}

/** What the gateway knows of a caller's account: its standing and how its calls are paid for. */
export interface CallerAccount {
  blocked: boolean;
  hasPaymentMethod: boolean;
  billingByInvoice: boolean;
  /** A self-service sign-up whose email is not verified yet: free tier only (hold-call.ts). */
  emailUnverified: boolean;
  /** Spending caps in micro-dollars, or null (see spend-caps.ts). */
  dailyCapMicros: number | null;
  monthlyCapMicros: number | null;
  /** Billed in advance: calls draw on the credit balance, held against it (holds.ts). */
  prepaid: boolean;
}

export interface Caller {
  key: KeyIdentity;
  account: CallerAccount;
}

const VERSION_SQL = `SELECT CASE WHEN is_called THEN last_value ELSE 0 END AS v FROM "auth_version"`;

const LOOKUP_SQL = `
  SELECT k.id, k."accountId", k.status, k.name, k.prefix, k.last4,
         (extract(epoch FROM k."expiresAt") * 1000)::float8 AS "expiresAt", k.scopes, k."monthlyLimitMicros",
         a."blockedAt" IS NOT NULL AS blocked, a."hasPaymentMethod", a."billingByInvoice", a."emailUnverified",
         a."dailyCapMicros", a."monthlyCapMicros", a."billingMode" = 'prepaid' AS prepaid
  FROM "ApiKey" k JOIN "Account" a ON a.id = k."accountId"
  WHERE k.hash = $1 AND a."deletedAt" IS NULL`;

export class AuthDirectory {
  private readonly keys = new Map<string, KeyIdentity>();
  private readonly accounts = new Map<string, CallerAccount>();
  private listener: pg.Client | undefined;
  private listening = false;
  private closed = false;
  // Bumped on every invalidation, so a lookup that raced one does not cache stale data.
  private generation = 0;
  private readonly versions = new AuthVersions();
  private nextVersion: Promise<number> | undefined;
  private versionInFlight: Promise<number> | undefined;

  constructor(
    private readonly pool: pg.Pool,
    private readonly connectionString: string,
  ) {}

  async start(): Promise<void> {
    await this.listen();
  }

  private async listen(): Promise<void> {
    if (this.closed) return;
    const client = new pg.Client({ connectionString: this.connectionString });
    client.on('notification', (message) => this.invalidate(message.payload ?? ''));
    client.on('error', () => this.lostListener(client));
    client.on('end', () => this.lostListener(client));
    try {
      await client.connect();
      await client.query('LISTEN auth_changed');
      const { rows } = await client.query(VERSION_SQL);
      this.clear();
      this.versions.reset(Number(rows[0].v));
      this.listener = client;
      this.listening = true;
    } catch {
      this.lostListener(client);
    }
  }

  private lostListener(client: pg.Client): void {
    if (this.listener && this.listener !== client) return;
    this.listening = false;
    this.listener = undefined;
    this.clear();
    client.end().catch(() => {});
    if (!this.closed) setTimeout(() => void this.listen(), 500).unref();
  }

  private invalidate(payload: string): void {
    this.generation++;
    const space = payload.indexOf(' ');
    this.versions.received(Number(payload.slice(0, space)));
    const subject = payload.slice(space + 1);
    const [kind, id] = [subject.slice(0, subject.indexOf(':')), subject.slice(subject.indexOf(':') + 1)];
    if (kind === 'key') this.keys.delete(id);
    else if (kind === 'account') this.accounts.delete(id);
    else this.clear();
  }

  private clear(): void {
    this.generation++;
    this.keys.clear();
    this.accounts.clear();
  }

  /**
   * The auth sequence's value, read by a query sent after the caller arrived. One query is in
   * flight at a time; callers that arrive meanwhile share the next one, so under load one query
   * serves many calls.
   */
  private currentVersion(): Promise<number> {
    if (!this.nextVersion) {
      this.nextVersion = new Promise((resolve, reject) => {
        const send = () => {
          this.nextVersion = undefined;
          // A named statement: parsed and planned once per connection.
          const query = this.pool.query({ name: 'auth_version', text: VERSION_SQL }).then((r) => Number(r.rows[0].v));
          this.versionInFlight = query.finally(() => {
            this.versionInFlight = undefined;
          });
          query.then(resolve, reject);
        };
        if (this.versionInFlight) void this.versionInFlight.finally(send).catch(() => {});
        else setImmediate(send);
      });
    }
    return this.nextVersion;
  }

  /** The caller behind a plaintext key, or null when no such key exists or its account is deleted. */
  async lookup(apiKey: string): Promise<Caller | null> {
    const hash = hashApiKey(apiKey);
    if (this.listening && this.versions.caughtUp(await this.currentVersion())) {
      const key = this.keys.get(hash);
      const account = key && this.accounts.get(key.accountId);
      if (key && account) return { key, account };
    }
    const generation = this.generation;
    const { rows } = await this.pool.query({ name: 'auth_lookup', text: LOOKUP_SQL, values: [hash] });
    const row = rows[0];
    if (!row) return null;
    const key: KeyIdentity = {
      keyId: row.id,
      accountId: row.accountId,
      status: row.status,
      name: row.name,
      prefix: row.prefix,
      last4: row.last4,
      expiresAt: row.expiresAt,
      scopes: row.scopes ?? [],
      monthlyLimitMicros: row.monthlyLimitMicros === null ? null : Number(row.monthlyLimitMicros),
    };
    const account: CallerAccount = {
      blocked: row.blocked,
      hasPaymentMethod: row.hasPaymentMethod,
      billingByInvoice: row.billingByInvoice,
      emailUnverified: row.emailUnverified,
      dailyCapMicros: row.dailyCapMicros === null ? null : Number(row.dailyCapMicros),
      monthlyCapMicros: row.monthlyCapMicros === null ? null : Number(row.monthlyCapMicros),
      prepaid: row.prepaid,
    };
    if (this.listening && generation === this.generation && key.status === 'active' && !account.blocked) {
      if (this.keys.size > 100_000) this.keys.clear();
      this.keys.set(hash, key);
      this.accounts.set(key.accountId, account);
    }
    return { key, account };
  }

  async close(): Promise<void> {
    this.closed = true;
    this.listening = false;
    await this.listener?.end().catch(() => {});
  }
}
