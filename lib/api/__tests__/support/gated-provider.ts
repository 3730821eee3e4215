// A provider that holds every call until the test opens the gate, so a test can keep requests
// in flight. It honours the abort signal the way a real upstream call does.
import { sandboxProvider } from '../../providers/sandbox';
import type { Provider } from '../../registry/types';

export class GatedProvider implements Provider {
  private waiters: (() => void)[] = [];
  private watchers: { count: number; resolve: () => void }[] = [];
  private open = false;
  inFlight = 0;

  call: Provider['call'] = async (endpoint, params, signal) => {
    this.inFlight++;
    try {
      if (!this.open) {
        await new Promise<void>((resolve, reject) => {
          this.waiters.push(resolve);
          this.notifyWatchers();
          signal.addEventListener('abort', () => reject(signal.reason), { once: true });
        });
      }
      return await sandboxProvider.call(endpoint, params, signal);
    } finally {
      this.inFlight--;
    }
  };

  /** Lets every waiting and future call through. */
  release(): void {
    this.open = true;
    this.waiters.splice(0).forEach((go) => go());
  }

  close(): void {
    this.open = false;
  }

  /** Calls waiting at the gate now. */
  get waiting(): number {
    return this.waiters.length;
  }

  /** Resolves once `count` calls are waiting at the gate (the test's timeout catches too few). */
  waitForWaiting(count: number): Promise<void> {
    if (this.waiters.length >= count) return Promise.resolve();
    return new Promise((resolve) => this.watchers.push({ count, resolve }));
  }

  private notifyWatchers(): void {
    for (const watcher of this.watchers.filter((w) => this.waiters.length >= w.count)) {
      this.watchers.splice(this.watchers.indexOf(watcher), 1);
      watcher.resolve();
    }
  }
}
