import { sql } from 'kysely';
import type { Db } from './database';

/** `npm run db:restore` (ADR 033) restores only into an empty database unless told to replace it. */
export async function listTables(db: Db, kind: 'sqlite' | 'postgres'): Promise<string[]> {
  const query =
    kind === 'sqlite'
      ? sql<{ name: string }>`select name from sqlite_master where type in ('table', 'view') and name not like 'sqlite\\_%' escape '\\' order by name`
      : sql<{ name: string }>`
          select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm', 'f')
            and not exists (select 1 from pg_depend d where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype = 'e')
          order by c.relname`;
  return (await query.execute(db)).rows.map((row) => row.name);
}

export async function rowCounts<T extends string>(db: Db, tables: readonly T[]): Promise<Record<T, number>> {
  const counts = {} as Record<T, number>;
  for (const table of tables) {
    const row = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}`.execute(db);
    counts[table] = Number(row.rows[0]?.n ?? 0);
  }
  return counts;
}

/** Instances of the site still running, say. */
export async function otherSessions(db: Db): Promise<number> {
  const row = await sql<{ n: number | string }>`
    select count(*) as n from pg_stat_activity
    where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`.execute(db);
  return Number(row.rows[0]?.n ?? 0);
}

/** A restore does not bring them (pg_restore's own advice). */
export async function refreshStatistics(db: Db): Promise<void> {
  await sql`analyze`.execute(db);
}

/**
 * Leaves objects of extensions alone. Runs inside the restore's transaction, so a failed restore
 * keeps the old contents.
 */
export const DROP_PUBLIC_SCHEMA_OBJECTS = `
DO $$
DECLARE item record;
BEGIN
  FOR item IN
    SELECT c.relname, c.relkind FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p', 'v', 'm', 'f')
      AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid AND d.deptype = 'e')
  LOOP
    EXECUTE format('DROP %s IF EXISTS public.%I CASCADE',
      CASE item.relkind WHEN 'v' THEN 'VIEW' WHEN 'm' THEN 'MATERIALIZED VIEW' WHEN 'f' THEN 'FOREIGN TABLE' ELSE 'TABLE' END, item.relname);
  END LOOP;
  FOR item IN
    SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind = 'S'
      AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid AND d.deptype = 'e')
  LOOP
    EXECUTE format('DROP SEQUENCE IF EXISTS public.%I CASCADE', item.relname);
  END LOOP;
  FOR item IN
    SELECT p.oid::regprocedure AS routine FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
    WHERE n.nspname = 'public' AND p.prokind <> 'a'
      AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e')
  LOOP
    EXECUTE format('DROP ROUTINE IF EXISTS %s CASCADE', item.routine);
  END LOOP;
END $$;
`;
