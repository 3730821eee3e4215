// Loaded into the benchmarked API server with --import (bench:api, BENCH_PROFILE=<dir>): SIGUSR2
// starts a V8 CPU profile, the next SIGUSR2 writes it to <dir>/gateway.cpuprofile, so the profile
// covers one measurement and not the server's start.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';

const dir = process.env.BENCH_PROFILE;
if (dir) {
  const session = new Session();
  session.connect();
  let running = false;
  process.on('SIGUSR2', () => {
    void (async () => {
      if (!running) {
        running = true;
        await session.post('Profiler.enable');
        await session.post('Profiler.setSamplingInterval', { interval: 100 });
        await session.post('Profiler.start');
        return;
      }
      running = false;
      const { profile } = await session.post('Profiler.stop');
      writeFileSync(path.join(dir, 'gateway.cpuprofile'), JSON.stringify(profile));
      console.log('profile written');
    })();
  });
}
