// Test harness for the /v1 gateway: a real runtime on the test database (npm run test:unit
// provides DATABASE_URL), accounts and keys made through the same lib/server functions the
// console uses.
import { randomUUID } from 'node:crypto';
import { db } from '@/lib/db';
import { findOrCreateAccountByEmail } from '@/lib/server/account/find-or-create-account-by-email';
import { createApiKey } from '@/lib/server/keys/create-api-key';
import { createApiRuntime, type ApiRuntime, type RuntimeOptions } from '../../process/runtime';

export interface TestApi {
  runtime: ApiRuntime;
  get(
    path: string,
    options?: { key?: string | null; params?: Readonly<Record<string, string | number | boolean | undefined>> },
  ): Promise<Response>;
  post(path: string, body: unknown, key: string): Promise<Response>;
  close(): Promise<void>;
}

export async function startTestApi(options: RuntimeOptions = {}): Promise<TestApi> {
  const runtime = await createApiRuntime(options);
  const call = (path: string, init: RequestInit) => runtime.gateway.fetch(new Request(`http://api.test${path}`, init));
  return {
    runtime,
    get(path, { key, params } = {}) {
      const query = new URLSearchParams(
        Object.entries(params ?? {}).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])),
      );
      const headers: Record<string, string> = key ? { 'x-api-key': key } : {};
      return call(`${path}${query.size ? `?${query}` : ''}`, { headers });
    },
    post(path, body, key) {
      return call(path, {
        method: 'POST',
        headers: { 'x-api-key': key, 'content-type': 'application/json' },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      });
    },
    close: () => runtime.close(),
  };
}

export interface TestAccount {
  accountId: string;
  keyId: string;
  key: string;
  email: string;
}

/** A fresh account with one active key; `payment` puts a payment method on file. */
export async function newAccountWithKey(options: { payment?: 'card' | 'invoice' | 'none' } = {}): Promise<TestAccount> {
  const email = `api-${randomUUID()}@example.test`;
  const account = await findOrCreateAccountByEmail({ email });
  const { key, record } = await createApiKey({
    accountId: account.accountId,
    actor: { id: null, label: 'test' },
    name: 'test key',
  });
  const payment = options.payment ?? 'card';
  if (payment !== 'none') {
    await db.account.update({
      where: { id: account.accountId },
      data: payment === 'card' ? { hasPaymentMethod: true } : { billingByInvoice: true },
    });
  }
  return { accountId: account.accountId, keyId: record.id, key, email };
}
