// Roles of the embedded PostgreSQL (embedded.ts): the app's own role, and taking over a data
// directory made before it existed, whose databases the superuser owned.
import pg from 'pg';

const APP_ROLE = 'app';

async function withClient<T>(connectionString: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Creates the app's login role (no superuser, no role creation; it may create databases, as the bench does) or resets its password. */
export async function ensureAppRole(superuserUrl: string, appPassword: string): Promise<void> {
  await withClient(superuserUrl, async (client) => {
    const { rowCount } = await client.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [APP_ROLE]);
    const verb = rowCount ? 'ALTER' : 'CREATE';
    // The password is random base64url, so quoting it as a literal is safe.
    await client.query(
      `${verb} ROLE "${APP_ROLE}" LOGIN NOSUPERUSER CREATEDB NOCREATEROLE NOREPLICATION PASSWORD '${appPassword}'`,
    );
  });
}

// Hands every object in the public schema that the superuser owns to the app role.
const ADOPT_OBJECTS = `
DO $$
DECLARE r record;
BEGIN
  FOR r IN SELECT c.relname, c.relkind FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
           WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p', 'S', 'v', 'm') AND pg_get_userbyid(c.relowner) = current_user LOOP
    EXECUTE format('ALTER %s public.%I OWNER TO "${APP_ROLE}"',
      CASE r.relkind WHEN 'S' THEN 'SEQUENCE' WHEN 'v' THEN 'VIEW' WHEN 'm' THEN 'MATERIALIZED VIEW' ELSE 'TABLE' END, r.relname);
  END LOOP;
  FOR r IN SELECT p.oid::regprocedure AS sig FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
           WHERE n.nspname = 'public' AND pg_get_userbyid(p.proowner) = current_user LOOP
    EXECUTE format('ALTER ROUTINE %s OWNER TO "${APP_ROLE}"', r.sig);
  END LOOP;
  FOR r IN SELECT t.typname FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
           WHERE n.nspname = 'public' AND t.typtype = 'e' AND pg_get_userbyid(t.typowner) = current_user LOOP
    EXECUTE format('ALTER TYPE public.%I OWNER TO "${APP_ROLE}"', r.typname);
  END LOOP;
END $$`;

/**
 * A data directory made before the app role existed (superuser password `embedded-local`, every
 * database the superuser's): create the role, give it every app database and its objects, and
 * replace the superuser's well-known password with a random one.
 */
export async function adoptLegacyCluster(
  superuserUrl: (database: string) => string,
  fresh: { superuserPassword: string; appPassword: string },
): Promise<void> {
  await ensureAppRole(superuserUrl('postgres'), fresh.appPassword);
  const databases = await withClient(superuserUrl('postgres'), async (client) => {
    const { rows } = await client.query<{ datname: string }>(
      "SELECT datname FROM pg_database WHERE NOT datistemplate AND datname <> 'postgres'",
    );
    for (const { datname } of rows)
      await client.query(`ALTER DATABASE "${datname.replace(/"/g, '')}" OWNER TO "${APP_ROLE}"`);
    return rows.map((r) => r.datname);
  });
  for (const database of databases) await withClient(superuserUrl(database), (client) => client.query(ADOPT_OBJECTS));
  await withClient(superuserUrl('postgres'), (client) =>
    client.query(`ALTER ROLE postgres PASSWORD '${fresh.superuserPassword}'`),
  );
}
