import { sql } from 'kysely';
import type { Db } from '../../db/database';

/**
 * What public pages and the read API are made from, summed up in one short string that changes
 * whenever any of it does: staff changes (each is audited in its own transaction, ADR 021),
 * content and events, and sign-ups and payments (places left). One indexed read per check.
 */
export async function readChangeMarks(db: Db): Promise<string> {
  const marks = await db
    .selectNoFrom([
      sql<string | number | null>`(select max(id) from audit_log)`.as('audit'),
      sql<string | null>`(select max(updated_at) from site_content)`.as('content'),
      sql<string | number | null>`(select max(id) from content_versions)`.as('versions'),
      sql<string | null>`(select max(updated_at) from events)`.as('events'),
      sql<string | number | null>`(select max(id) from announcements)`.as('announcements'),
      sql<string | null>`(select max(updated_at) from announcements)`.as('announcementChanges'),
      sql<string | number | null>`(select max(id) from signups)`.as('signups'),
      sql<string | null>`(select max(updated_at) from signups)`.as('signupChanges'),
      sql<string | null>`(select max(updated_at) from payments)`.as('payments'),
    ])
    .executeTakeFirstOrThrow();
  return Object.values(marks).map((value) => String(value ?? '')).join('|');
}
