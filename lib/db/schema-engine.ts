// Prisma's schema engine as WebAssembly, driven through the pg driver adapter. The Prisma CLI
// downloads a native engine for migrations, which cannot be fetched offline; the same engine
// ships in @prisma/schema-engine-wasm, so migrations run anywhere npm install works.
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { bindMigrationAwareSqlAdapterFactory } from '@prisma/driver-adapter-utils';
import * as bindings from '@prisma/schema-engine-wasm/schema_engine_bg';
import type { MigrationList, SchemaEngine } from '@prisma/schema-engine-wasm';

const require = createRequire(import.meta.url);
export const schemaPath = path.resolve('prisma/schema.prisma');
export const migrationsDir = path.resolve('prisma/migrations');

let instantiated: Promise<void> | undefined;

// The engine describes a database through pg_catalog, whose columns of PostgreSQL's one-byte
// "char" type (OID 18) the pg adapter cannot map. Their values arrive as one-character strings,
// so in this process we report them as text (OID 25). Only migration tooling loads this file.
let charPatched = false;
function reportCharColumnsAsText(): void {
  if (charPatched) return;
  charPatched = true;
  const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function patchedQuery(this: pg.Client, ...args: unknown[]) {
    const result = query.apply(this, args);
    if (result instanceof Promise) {
      return result.then((res: pg.QueryResult) => {
        for (const field of res.fields ?? []) if (field.dataTypeID === 18) field.dataTypeID = 25;
        return res;
      });
    }
    return result;
  } as typeof pg.Client.prototype.query;
}

function loadWasm(): Promise<void> {
  instantiated ??= (async () => {
    const wasmPath = path.join(path.dirname(require.resolve('@prisma/schema-engine-wasm')), 'schema_engine_bg.wasm');
    const { instance } = await WebAssembly.instantiate(readFileSync(wasmPath), {
      './schema_engine_bg.js': bindings as unknown as WebAssembly.ModuleImports,
    });
    const exports = instance.exports as WebAssembly.Exports & { __wbindgen_start: () => void };
    (bindings as unknown as { __wbg_set_wasm(e: WebAssembly.Exports): void }).__wbg_set_wasm(exports);
    exports.__wbindgen_start();
  })();
  return instantiated;
}

/** An engine connected to `url`; free it with `engine.free()`. */
export async function openSchemaEngine(url: string): Promise<SchemaEngine> {
  await loadWasm();
  reportCharColumnsAsText();
  const adapter = bindMigrationAwareSqlAdapterFactory(new PrismaPg({ connectionString: url }));
  const datamodel = readFileSync(schemaPath, 'utf8');
  const log = () => {};
  return bindings.SchemaEngine.new({ datamodels: [[schemaPath, datamodel]] }, log, adapter);
}

/** The committed migrations as the engine expects them. */
export function readMigrations(): MigrationList {
  const dirs = existsSync(migrationsDir)
    ? readdirSync(migrationsDir, { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => d.name)
        .sort()
    : [];
  const lockPath = path.join(migrationsDir, 'migration_lock.toml');
  return {
    baseDir: migrationsDir,
    lockfile: {
      path: 'migration_lock.toml',
      content: existsSync(lockPath) ? readFileSync(lockPath, 'utf8') : null,
    },
    shadowDbInitScript: '',
    migrationDirectories: dirs.map((name) => ({
      path: name,
      migrationFile: {
        path: 'migration.sql',
        content: { tag: 'ok', value: readFileSync(path.join(migrationsDir, name, 'migration.sql'), 'utf8') },
      },
    })),
  };
}

export const noFilters = { externalTables: [], externalEnums: [] };
