import { createDatabase, type Db } from '../../server/db/database';
import { E2E_ADMIN_DB, e2eAdminDatabaseUrl } from './e2e-env';

/** Runs `work` on the back-office e2e server's own database (PostgreSQL unless E2E_ADMIN_DB=sqlite). */
export async function withAdminDatabase<T>(work: (db: Db) => Promise<T>): Promise<T> {
  const url = e2eAdminDatabaseUrl();
  const db = createDatabase(E2E_ADMIN_DB === 'postgres' ? { kind: 'postgres', url } : { kind: 'sqlite', file: url });
  try {
    return await work(db);
  } finally {
    await db.destroy();
  }
}
