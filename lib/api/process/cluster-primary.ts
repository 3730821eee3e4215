// The API server's primary process when API_WORKERS > 1. It forks the workers (node:cluster: the
// primary accepts on the shared port and hands each connection to the next worker), counts their
// concurrency slots when there is no Redis (SlotKeeper), and looks after them:
// - "listening" is printed once, when every worker listens;
// - SIGTERM/SIGINT go to every worker, each drains as a lone server does, and the primary exits
//   once all have exited (0 if every worker exited 0);
// - a worker that dies is replaced, and its slots are free at once; one that dies before it ever
//   listened (a start-up failure, e.g. no database) stops the server with exit code 1 instead of
//   being forked again and again.
// If the primary itself is killed, each worker exits as its IPC channel closes (node:cluster).
import cluster, { type Worker } from 'node:cluster';
import { logger } from '@/lib/observability/logger';
import { startMetrics } from '@/lib/observability/metrics-server';
import { isSlotRequests, SlotKeeper } from '../gateway/cluster-limiter';

export function runClusterPrimary(options: { workers: number; port: number }): void {
  const keeper = new SlotKeeper();
  const alive = new Set<Worker>();
  const listened = new Set<Worker>();
  let announced = false;
  let stopping = false;
  let exitCode = 0;

  const fork = () => alive.add(cluster.fork());
  const stop = (code: number) => {
    exitCode = Math.max(exitCode, code);
    if (stopping) return;
    stopping = true;
    if (alive.size === 0) process.exit(exitCode);
    for (const worker of alive) worker.process.kill('SIGTERM');
  };

  // An answer to a worker that has just died cannot be delivered: the callback takes the error,
  // which would otherwise be thrown. A request read after its worker's exit is dropped, so that
  // no slot is ever granted to a dead worker.
  const ignore = () => {};
  cluster.on('message', (worker, message: unknown) => {
    if (!isSlotRequests(message) || !alive.has(worker)) return;
    const answers = keeper.handleAll(worker.id, message);
    if (answers.slotAnswers.length) worker.send(answers, undefined, undefined, ignore);
  });
  cluster.on('listening', (worker) => {
    listened.add(worker);
    if (!announced && listened.size === options.workers) {
      announced = true;
      logger.info(`API server listening on http://localhost:${options.port}/v1`);
    }
  });
  cluster.on('exit', (worker, code, signal) => {
    alive.delete(worker);
    const freed = keeper.releaseWorker(worker.id);
    const hadListened = listened.delete(worker);
    const how = signal ?? `exit code ${code}`;
    if (stopping) {
      if (code !== 0) exitCode = 1;
      if (alive.size === 0) process.exit(exitCode);
    } else if (!hadListened) {
      logger.error(`API worker ${worker.process.pid} stopped before it listened (${how}): stopping the server`);
      stop(1);
    } else {
      logger.error(
        `API worker ${worker.process.pid} exited (${how}); ${freed} slots it held are free; starting a replacement`,
      );
      fork();
    }
  });

  for (let i = 0; i < options.workers; i++) fork();
  // The workers' metrics, summed, on METRICS_PORT (when set).
  startMetrics('api-cluster-primary').catch((error: unknown) =>
    logger.error({ err: error }, 'metrics: could not start'),
  );
  process.on('SIGTERM', () => stop(0));
  process.on('SIGINT', () => stop(0));
}
