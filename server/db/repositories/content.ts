import type { Kysely, Transaction } from 'kysely';
import { nowIso, parseJsonColumn, toJsonColumn } from '../json';
import type { Database } from '../schema';

type Executor = Kysely<Database> | Transaction<Database>;

export interface StoredPage {
  page: string;
  data: Record<string, unknown>;
}

export interface Announcement {
  image: { src: string; width: number; height: number; alt: string } | null;
  heading: string;
  meta: string;
  link: { href: string; label: string };
}

export async function listPages(db: Executor): Promise<StoredPage[]> {
  const rows = await db.selectFrom('site_content').select(['page', 'data_json']).orderBy('page').execute();
  return rows.map((r) => ({ page: r.page, data: parseJsonColumn<Record<string, unknown>>(r.data_json) ?? {} }));
}

export async function findPage(db: Executor, page: string): Promise<StoredPage | null> {
  const row = await db.selectFrom('site_content').select(['page', 'data_json']).where('page', '=', page).executeTakeFirst();
  return row ? { page: row.page, data: parseJsonColumn<Record<string, unknown>>(row.data_json) ?? {} } : null;
}

export async function upsertPage(db: Executor, page: string, data: Record<string, unknown>): Promise<void> {
  const values = { data_json: JSON.stringify(data), updated_at: nowIso() };
  await db
    .insertInto('site_content')
    .values({ page, ...values })
    .onConflict((oc) => oc.column('page').doUpdateSet(values))
    .execute();
}

export async function countPages(db: Executor): Promise<number> {
  const { count } = await db
    .selectFrom('site_content')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(count);
}

export async function listAnnouncements(db: Executor, now: string): Promise<Announcement[]> {
  const rows = await db
    .selectFrom('announcements')
    .selectAll()
    .where('published', '=', 1)
    .where((eb) => eb.or([eb('show_from', 'is', null), eb('show_from', '<=', now)]))
    .where((eb) => eb.or([eb('show_until', 'is', null), eb('show_until', '>', now)]))
    .orderBy('position')
    .execute();
  return rows.map((r) => ({
    image: parseJsonColumn<Announcement['image']>(r.image_json),
    heading: r.heading,
    meta: r.meta,
    link: { href: r.link_href, label: r.link_label },
  }));
}

/** Announcements are edited as one ordered list. */
export async function replaceAnnouncements(db: Executor, announcements: Announcement[]): Promise<void> {
  await db.deleteFrom('announcements').execute();
  if (announcements.length === 0) return;
  const now = nowIso();
  await db
    .insertInto('announcements')
    .values(
      announcements.map((a, i) => ({
        position: i + 1,
        image_json: toJsonColumn(a.image),
        heading: a.heading,
        meta: a.meta,
        link_href: a.link.href,
        link_label: a.link.label,
        created_at: now,
      })),
    )
    .execute();
}

/** So seeding `content/` leaves it alone. */
export async function markStaffEdited(db: Executor, subject: string): Promise<void> {
  const at = nowIso();
  await db
    .insertInto('staff_edited')
    .values({ subject, at })
    .onConflict((oc) => oc.column('subject').doUpdateSet({ at }))
    .execute();
}

export async function staffEditedSubjects(db: Executor): Promise<Set<string>> {
  const rows = await db.selectFrom('staff_edited').select('subject').execute();
  return new Set(rows.map((r) => r.subject));
}
