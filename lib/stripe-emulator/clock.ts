// The emulator's time: the real time plus an offset that tests move forward through
// `POST /_sandbox/clock/advance` (Stripe's test clocks do the same for subscriptions). Due dates,
// `invoice.overdue`, idempotency-key expiry and webhook retries all read it, so a test reaches
// "30 days later" or "a day later" without waiting.
export class EmulatorClock {
  private offsetSeconds = 0;
  private readonly listeners = new Set<() => Promise<void>>();

  /** Unix seconds, as Stripe's `created` and `due_date`. */
  now(): number {
    return Math.floor(Date.now() / 1000) + this.offsetSeconds;
  }

  /** Moves time forward and waits for what became due (overdue invoices, webhook retries). */
  async advance(seconds: number): Promise<number> {
    if (!Number.isInteger(seconds) || seconds < 0) throw new RangeError('seconds must be a whole number, 0 or more');
    this.offsetSeconds += seconds;
    for (const listener of this.listeners) await listener();
    return this.now();
  }

  onAdvance(listener: () => Promise<void>): void {
    this.listeners.add(listener);
  }
}
