// Which auth changes this process has heard of. Every change to a key's status or an account's
// standing takes the next number of the "auth_version" sequence and is announced with it
// (prisma/functions.sql). The cache may be trusted for a request only when every version up to
// the sequence's value, read after the request arrived, has been received: then no committed
// change can be missing. Numbers taken by transactions that rolled back are never announced;
// a gap older than GAP_TIMEOUT_MS is taken to be one of those.
const GAP_TIMEOUT_MS = 2_000;

export class AuthVersions {
  /** Every version up to this one has been received. */
  private contiguous = 0;
  /** Received versions above `contiguous`, with when each gap below them was first seen. */
  private readonly ahead = new Set<number>();
  private gapSince: number | undefined;

  /** Starts counting from the sequence's value at (re)connection time. */
  reset(current: number): void {
    this.contiguous = current;
    this.ahead.clear();
    this.gapSince = undefined;
  }

  received(version: number): void {
    if (version <= this.contiguous) return;
    this.ahead.add(version);
    this.advance();
  }

  private advance(): void {
    while (this.ahead.delete(this.contiguous + 1)) this.contiguous++;
    this.gapSince = this.ahead.size ? (this.gapSince ?? Date.now()) : undefined;
  }

  /** True when nothing up to `current` can be missing. */
  caughtUp(current: number): boolean {
    if (current <= this.contiguous) return true;
    if (this.gapSince !== undefined && Date.now() - this.gapSince > GAP_TIMEOUT_MS) {
      // The missing numbers belonged to transactions that never committed.
      this.contiguous = Math.min(...this.ahead) - 1;
      this.advance();
      return current <= this.contiguous;
    }
    return false;
  }
}
