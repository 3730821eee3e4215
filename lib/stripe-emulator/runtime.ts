// Where a running Stripe emulator can be found, as the running embedded database is: while it runs,
// the emulator that `npm start` / `npm run dev` started writes its addresses and pid under
// .data/stripe-emulator/, one file per database (the emulator's state lives in that database). The
// operator command line reads it to use that emulator; it never starts a second one.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface RunningStripeEmulator {
  pid: number;
  /** The REST API (the stripe SDK's host and port). */
  apiUrl: string;
  /** The hosted pages (invoice and Checkout links). */
  pagesUrl: string;
}

const DIR = '.data/stripe-emulator';

/** The file an emulator on this database registers in (the URL is hashed: it may hold a password). */
export function registrationFile(databaseUrl: string, root = process.cwd()): string {
  return path.join(root, DIR, `${createHash('sha256').update(databaseUrl).digest('hex').slice(0, 16)}.json`);
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

export function registerRunningStripeEmulator(databaseUrl: string, emulator: RunningStripeEmulator): () => void {
  const file = registrationFile(databaseUrl);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(emulator), { mode: 0o600 });
  return () => {
    // Only its own registration: a later emulator may have replaced it.
    if (readRegistration(file)?.pid === emulator.pid) rmSync(file, { force: true });
  };
}

function readRegistration(file: string): RunningStripeEmulator | null {
  if (!existsSync(file)) return null;
  try {
    const value = JSON.parse(readFileSync(file, 'utf8')) as RunningStripeEmulator;
    return typeof value.pid === 'number' && typeof value.apiUrl === 'string' && typeof value.pagesUrl === 'string'
      ? value
      : null;
  } catch {
    return null;
  }
}

/** The emulator running for this database (its process alive), or null. */
export function findRunningStripeEmulator(databaseUrl: string): RunningStripeEmulator | null {
  const found = readRegistration(registrationFile(databaseUrl));
  return found && alive(found.pid) ? found : null;
}
