// Where the operator command line finds the data-source settings of the running app, as it finds
// its database and its Stripe emulator: while `npm start` or `npm run dev` runs, it writes the
// settings its API was started with (DATA_SOURCE*, LIVE_*, UPSTREAM_*) under
// .data/running-sources/, one file per database, readable by its user only (mode 0600: the LIVE_*
// keys and tokens are in it, as the other secrets under .data/ are). `check-sources` then calls
// the sources the running API uses, not those of the shell it was typed in.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { EnvRecord } from '@/lib/env';

export interface RunningSources {
  /** The process that registered them (`scripts/run.ts`), alive while the app runs. */
  pid: number;
  startedAt: string;
  /** The source settings the API was started with. */
  settings: Record<string, string>;
}

const DIR = '.data/running-sources';

/** The variables that choose and configure the data sources (lib/api/providers/sources.ts, live/). */
export const isSourceSetting = (name: string): boolean =>
  /^(DATA_SOURCE(_[A-Z0-9]+)?|LIVE_[A-Z0-9_]+|UPSTREAM_[A-Z0-9_]+)$/.test(name);

/** The source settings of an environment (empty values are unset, as lib/env.ts reads them). */
export function sourceSettings(env: EnvRecord): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter((entry): entry is [string, string] => isSourceSetting(entry[0]) && !!entry[1]),
  );
}

/** The file an app on this database registers in (the URL is hashed: it may hold a password). */
function registrationFile(databaseUrl: string, root: string): string {
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

/** Registers this process's app and its source settings; returns the function that removes them. */
export function registerRunningSources(databaseUrl: string, env: EnvRecord, root = process.cwd()): () => void {
  const file = registrationFile(databaseUrl, root);
  const registration: RunningSources = {
    pid: process.pid,
    startedAt: new Date().toISOString(),
    settings: sourceSettings(env),
  };
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  writeFileSync(file, JSON.stringify(registration), { mode: 0o600 });
  return () => {
    // Only its own registration: a later start may have replaced it.
    if (readRegistration(file)?.pid === registration.pid) rmSync(file, { force: true });
  };
}

function readRegistration(file: string): RunningSources | null {
  if (!existsSync(file)) return null;
  try {
    const value = JSON.parse(readFileSync(file, 'utf8')) as RunningSources;
    return typeof value.pid === 'number' && typeof value.settings === 'object' && value.settings !== null
      ? value
      : null;
  } catch {
    return null;
  }
}

/** The source settings of the app running on this database (its process alive), or null. */
export function findRunningSources(databaseUrl: string, root = process.cwd()): RunningSources | null {
  const found = readRegistration(registrationFile(databaseUrl, root));
  return found && alive(found.pid) ? found : null;
}

/**
 * The settings as the operator may read them: the choices (DATA_SOURCE*) with their values, every
 * other setting (addresses that may carry credentials, keys, tokens) only named.
 */
export function describeSourceSettings(settings: Record<string, string>): string {
  const names = Object.keys(settings).sort();
  if (names.length === 0) return 'none set (every family on its sandbox)';
  return names.map((name) => (name.startsWith('DATA_SOURCE') ? `${name}=${settings[name]}` : `${name} set`)).join(', ');
}
