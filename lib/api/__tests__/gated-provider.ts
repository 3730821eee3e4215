// A provider that holds every call until the test opens the gate, so a test can keep requests
// in flight. It honours the abort signal the way a real upstream call does.
import { sandboxProvider } from '../sandbox';
import type { Provider } from '../registry/types';

export class GatedProvider implements Provider {
  private waiters: (() => void)[] = [];
  private open = false;
  inFlight = 0;

  call: Provider['call'] = async (endpoint, params, signal) => {
    this.inFlight++;
    try {
      if (!this.open) {
        await new Promise<void>((resolve, reject) => {
          this.waiters.push(resolve);
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

  /** Resolves once `count` calls are waiting at the gate. */
  async waitForWaiting(count: number): Promise<void> {
    for (let i = 0; i < 500 && this.waiters.length < count; i++) await new Promise((r) => setTimeout(r, 10));
    if (this.waiters.length < count) throw new Error(`only ${this.waiters.length} calls reached the gate, expected ${count}`);
  }
}
