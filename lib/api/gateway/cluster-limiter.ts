// Concurrency slots shared by the workers of one API server (API_WORKERS > 1) when there is no
// Redis. The primary process keeps the only count (SlotKeeper, a LocalLimiter) and each worker
// asks it over the cluster's IPC channel (ClusterLimiter): an acquire, answered yes or no, and a
// release. The requests a worker makes in one turn of its event loop travel as one message, and
// the primary answers them with one: an IPC message costs CPU on each side, and under load one
// message then carries dozens of requests instead of one each (a message per request cost the
// two-worker case much of its throughput: npm run bench:api, docs/performance.md). The primary knows which worker holds which slot,
// so the slots of a worker that dies are free again as soon as the primary sees it exit.
import { LocalLimiter, type ConcurrencyLimiter, type Slot } from './concurrency';

/** Worker to primary. `id` numbers the worker's acquires; a release names the acquire it ends. */
export type SlotRequest = { slot: 'acquire'; id: number; key: string; limit: number } | { slot: 'release'; id: number };
/** Primary to worker: whether acquire `id` got its slot. */
export interface SlotAnswer {
  slot: 'answer';
  id: number;
  granted: boolean;
}

/** The messages on the channel: a worker's requests of one turn, the primary's answers to them. */
export interface SlotRequests {
  slotRequests: SlotRequest[];
}
export interface SlotAnswers {
  slotAnswers: SlotAnswer[];
}

function isObject(message: unknown): message is Record<string, unknown> {
  return typeof message === 'object' && message !== null;
}

function isSlotRequest(message: unknown): message is SlotRequest {
  if (!isObject(message) || typeof message.id !== 'number') return false;
  if (message.slot === 'release') return true;
  return message.slot === 'acquire' && typeof message.key === 'string' && typeof message.limit === 'number';
}

export function isSlotRequests(message: unknown): message is SlotRequests {
  return isObject(message) && Array.isArray(message.slotRequests) && message.slotRequests.every(isSlotRequest);
}

function isSlotAnswer(message: unknown): message is SlotAnswer {
  return (
    isObject(message) &&
    message.slot === 'answer' &&
    typeof message.id === 'number' &&
    typeof message.granted === 'boolean'
  );
}

function isSlotAnswers(message: unknown): message is SlotAnswers {
  return isObject(message) && Array.isArray(message.slotAnswers) && message.slotAnswers.every(isSlotAnswer);
}

/** The primary's side: the counts, and the slots each worker holds. */
export class SlotKeeper {
  private readonly counts = new LocalLimiter();
  /** Worker id → acquire id → the slot it holds. */
  private readonly held = new Map<number, Map<number, Slot>>();

  /** Handles a worker's request; an acquire is answered through `answer`. */
  handle(workerId: number, request: SlotRequest, answer: (answer: SlotAnswer) => void): void {
    if (request.slot === 'release') {
      const slots = this.held.get(workerId);
      slots?.get(request.id)?.release();
      slots?.delete(request.id);
      return;
    }
    const slot = this.counts.take(request.key, request.limit);
    if (slot) {
      let slots = this.held.get(workerId);
      if (!slots) this.held.set(workerId, (slots = new Map()));
      slots.set(request.id, slot);
    }
    answer({ slot: 'answer', id: request.id, granted: slot !== null });
  }

  /** Handles a worker's requests in order; the answers to its acquires, in order (none for releases). */
  handleAll(workerId: number, requests: SlotRequests): SlotAnswers {
    const slotAnswers: SlotAnswer[] = [];
    for (const request of requests.slotRequests) this.handle(workerId, request, (answer) => slotAnswers.push(answer));
    return { slotAnswers };
  }

  /** Frees every slot a worker holds (it exited); returns how many. */
  releaseWorker(workerId: number): number {
    const slots = this.held.get(workerId);
    this.held.delete(workerId);
    slots?.forEach((slot) => slot.release());
    return slots?.size ?? 0;
  }

  /** Slots held by a worker now. */
  heldBy(workerId: number): number {
    return this.held.get(workerId)?.size ?? 0;
  }
}

interface Pending {
  resolve(slot: Slot | null): void;
  reject(error: Error): void;
}

/** The worker's side: a ConcurrencyLimiter whose every decision is the primary's. */
export class ClusterLimiter implements ConcurrencyLimiter {
  private nextId = 0;
  private readonly pending = new Map<number, Pending>();
  private gone: Error | null = null;
  private detach = () => {};
  /** Requests of this turn of the event loop, sent together at its end. */
  private outbox: SlotRequest[] = [];

  /** `send` delivers requests to the primary and calls back with an error if it could not. */
  constructor(private readonly send: (requests: SlotRequests, sent: (error: Error | null) => void) => void) {}

  /** Over this process's IPC channel to the cluster's primary. */
  static overIpc(): ClusterLimiter {
    const send = process.send?.bind(process);
    if (!send) throw new Error('ClusterLimiter needs an IPC channel to the primary (run as a cluster worker)');
    const limiter = new ClusterLimiter((request, sent) => void send(request, undefined, undefined, sent));
    const receive = (message: unknown) => limiter.receive(message);
    const disconnected = () => limiter.disconnected();
    process.on('message', receive);
    process.once('disconnect', disconnected);
    limiter.detach = () => {
      process.off('message', receive);
      process.off('disconnect', disconnected);
    };
    return limiter;
  }

  tryAcquire(key: string, limit: number): Promise<Slot | null> {
    if (this.gone) return Promise.reject(this.gone);
    const id = ++this.nextId;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.post({ slot: 'acquire', id, key, limit });
    });
  }

  /** Queues a request; the first of a turn schedules the turn's message. */
  private post(request: SlotRequest): void {
    if (this.outbox.push(request) === 1) setImmediate(() => this.flush());
  }

  private flush(): void {
    const slotRequests = this.outbox;
    this.outbox = [];
    if (this.gone) return;
    this.send({ slotRequests }, (error) => {
      if (!error) return;
      for (const request of slotRequests) if (request.slot === 'acquire') this.settle(request.id, error);
    });
  }

  /** Takes the primary's answers (other messages are ignored). */
  receive(message: unknown): void {
    if (isSlotAnswers(message)) for (const answer of message.slotAnswers) this.settle(answer.id, answer.granted);
  }

  /** The primary is gone: nothing waiting will be answered. */
  disconnected(): void {
    this.gone = new Error('the API server primary process is gone');
    for (const id of [...this.pending.keys()]) this.settle(id, this.gone);
  }

  private settle(id: number, outcome: boolean | Error): void {
    const waiting = this.pending.get(id);
    if (!waiting) return;
    this.pending.delete(id);
    if (outcome instanceof Error) waiting.reject(outcome);
    else waiting.resolve(outcome ? this.slot(id) : null);
  }

  private slot(id: number): Slot {
    let released = false;
    return {
      release: () => {
        if (released || this.gone) return;
        released = true;
        this.post({ slot: 'release', id });
      },
    };
  }

  async close(): Promise<void> {
    this.detach();
  }
}
