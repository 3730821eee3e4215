// The cluster's shared concurrency count (cluster-limiter.ts) without processes: workers'
// ClusterLimiters wired to one SlotKeeper through a channel that, like IPC, delivers later and
// as JSON. The end-to-end version, with real workers, is lib/api/process/__tests__/workers.test.ts.
import { expect, test } from 'vitest';
import { ClusterLimiter, SlotKeeper } from '../cluster-limiter';

const viaJson = <T>(message: T): T => JSON.parse(JSON.stringify(message)) as T;

/** A worker `workerId` of the primary that owns `keeper`; `drop` loses its messages from then on (it died). */
function workerOf(keeper: SlotKeeper, workerId: number) {
  let dead = false;
  const limiter: ClusterLimiter = new ClusterLimiter((requests, sent) => {
    setImmediate(() => {
      sent(null);
      if (dead) return;
      const answers = keeper.handleAll(workerId, viaJson(requests));
      setImmediate(() => limiter.receive(viaJson(answers)));
    });
  });
  return {
    limiter,
    die() {
      dead = true;
      return keeper.releaseWorker(workerId);
    },
  };
}

/** Lets the channel deliver everything sent so far (a release has no answer to wait for): one
 * turn for the worker to send its turn's requests, one for the channel to deliver them. */
const delivered = () => new Promise((r) => setImmediate(() => setImmediate(r)));

test('counts the slots of all workers together', async () => {
  const keeper = new SlotKeeper();
  const [a, b] = [workerOf(keeper, 1), workerOf(keeper, 2)];
  const slots = await Promise.all([a, b, a, b].map((w) => w.limiter.tryAcquire('acct:/v1/x', 4)));
  expect(slots.every((slot) => slot !== null)).toBe(true);
  expect(await a.limiter.tryAcquire('acct:/v1/x', 4)).toBeNull();
  expect(await b.limiter.tryAcquire('acct:/v1/x', 4)).toBeNull();
  expect(await b.limiter.tryAcquire('acct:/v1/y', 4)).not.toBeNull();
});

test('a release frees the slot once, on whichever worker it was taken, though both number acquires alike', async () => {
  const keeper = new SlotKeeper();
  const [a, b] = [workerOf(keeper, 1), workerOf(keeper, 2)];
  const first = await a.limiter.tryAcquire('k', 2); // acquire 1 of worker 1
  const second = await b.limiter.tryAcquire('k', 2); // acquire 1 of worker 2
  expect(keeper.heldBy(1)).toBe(1);
  second!.release();
  second!.release();
  await delivered();
  expect(keeper.heldBy(1)).toBe(1);
  expect(keeper.heldBy(2)).toBe(0);
  const third = await b.limiter.tryAcquire('k', 2);
  expect(third).not.toBeNull();
  expect(await a.limiter.tryAcquire('k', 2)).toBeNull();
  first!.release();
  third!.release();
  await delivered();
  expect([keeper.heldBy(1), keeper.heldBy(2)]).toEqual([0, 0]);
});

test("frees every slot of a worker that died, and only that worker's", async () => {
  const keeper = new SlotKeeper();
  const [a, b] = [workerOf(keeper, 1), workerOf(keeper, 2)];
  await Promise.all([a, a, a, b].map((w) => w.limiter.tryAcquire('k', 4)));
  await a.limiter.tryAcquire('other', 4);
  expect(await b.limiter.tryAcquire('k', 4)).toBeNull();

  expect(a.die()).toBe(4);
  const c = workerOf(keeper, 3); // its replacement
  const taken = await Promise.all([1, 2, 3].map(() => c.limiter.tryAcquire('k', 4)));
  expect(taken.every((slot) => slot !== null)).toBe(true);
  expect(await c.limiter.tryAcquire('k', 4)).toBeNull(); // worker 2's slot still counts
  expect(keeper.heldBy(2)).toBe(1);
  expect(keeper.releaseWorker(1)).toBe(0);
});

test('a worker whose primary is gone fails its waiting and later acquires instead of hanging', async () => {
  const limiter = new ClusterLimiter(() => {}); // nothing is ever delivered
  const waiting = limiter.tryAcquire('k', 1);
  limiter.disconnected();
  await expect(waiting).rejects.toThrow('primary process is gone');
  await expect(limiter.tryAcquire('k', 1)).rejects.toThrow('primary process is gone');
});

test('sends the requests of one turn as one message, and answers them with one', async () => {
  const keeper = new SlotKeeper();
  const messages: number[] = [];
  const answers: number[] = [];
  const limiter: ClusterLimiter = new ClusterLimiter((requests, sent) => {
    messages.push(requests.slotRequests.length);
    setImmediate(() => {
      sent(null);
      const answered = keeper.handleAll(1, viaJson(requests));
      answers.push(answered.slotAnswers.length);
      setImmediate(() => limiter.receive(viaJson(answered)));
    });
  });
  const slots = await Promise.all(Array.from({ length: 12 }, () => limiter.tryAcquire('acct:/v1/x', 10)));
  expect(messages).toEqual([12]);
  expect(answers).toEqual([12]);
  expect(slots.filter((slot) => slot !== null)).toHaveLength(10);
  slots.forEach((slot) => slot?.release());
  await delivered();
  expect(messages).toEqual([12, 10]);
  expect(keeper.heldBy(1)).toBe(0);
});
