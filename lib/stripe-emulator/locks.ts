// Object locks, as Stripe takes them: requests run concurrently, a change to an object holds that
// object's lock, and a request that cannot get a lock within a short wait is answered 429 with
// the code `lock_timeout` (the SDKs retry it).
import { StripeApiError } from './errors';

const lockTimeout = () =>
  new StripeApiError(429, {
    type: 'invalid_request_error',
    code: 'lock_timeout',
    message:
      'This object cannot be accessed right now because another API request or Stripe process is currently accessing it. If you see this error intermittently, retry the request. If you see this error frequently and are making multiple concurrent requests to a single object, make your requests serially or at a lower rate.',
  });

export class ObjectLocks {
  private readonly held = new Map<string, Promise<void>>();

  constructor(private readonly waitMs: number) {}

  /** Runs `fn` holding every id's lock (taken in sorted order, so two requests never deadlock). */
  async with<T>(ids: string[], fn: () => Promise<T>): Promise<T> {
    const wanted = [...new Set(ids.filter(Boolean))].sort();
    const releases: (() => void)[] = [];
    const deadline = Date.now() + this.waitMs;
    try {
      for (const id of wanted) releases.push(await this.acquire(id, deadline));
      return await fn();
    } finally {
      for (const release of releases.reverse()) release();
    }
  }

  private async acquire(id: string, deadline: number): Promise<() => void> {
    for (;;) {
      const current = this.held.get(id);
      if (!current) break;
      const remaining = deadline - Date.now();
      if (remaining <= 0) throw lockTimeout();
      let timer: NodeJS.Timeout | undefined;
      const timedOut = await Promise.race([
        current.then(() => false),
        new Promise<boolean>((resolve) => {
          timer = setTimeout(() => resolve(true), remaining);
        }),
      ]);
      clearTimeout(timer);
      if (timedOut) throw lockTimeout();
    }
    let release!: () => void;
    const lock = new Promise<void>((resolve) => {
      release = resolve;
    });
    this.held.set(id, lock);
    return () => {
      if (this.held.get(id) === lock) this.held.delete(id);
      release();
    };
  }
}
