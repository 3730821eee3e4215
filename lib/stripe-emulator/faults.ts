// Server errors on demand (the `/_sandbox/faults` control): the next N requests of an operation
// answer Stripe's 500 `api_error` after the endpoint began, as a Stripe incident does, so they are
// kept under their Idempotency-Key and replayed like any other answer (idempotency.ts).
export class EmulatorFaults {
  private readonly pending = new Map<string, number>();

  /** The next `count` requests of `operation` (an operationId, e.g. PostInvoicesInvoiceFinalize) fail with 500. */
  add(operation: string, count: number): void {
    this.pending.set(operation, (this.pending.get(operation) ?? 0) + count);
  }

  /** Whether this request of `operation` fails (and uses up one of the faults asked for). */
  take(operation: string): boolean {
    const left = this.pending.get(operation) ?? 0;
    if (left <= 0) return false;
    if (left === 1) this.pending.delete(operation);
    else this.pending.set(operation, left - 1);
    return true;
  }
}
