import type { Kysely, Transaction } from 'kysely';
import { nowIso, parseJsonColumn } from '../json';
import type { Database } from '../schema';
import { findPage, upsertPage } from './content';

type Executor = Kysely<Database> | Transaction<Database>;

/** Null staff for what the seed loaded from `content/`. */
export interface VersionAuthor {
  staffId: number | null;
  email: string;
}

export interface ContentVersion {
  id: number;
  page: string;
  status: 'draft' | 'published';
  data: Record<string, unknown>;
  staffEmail: string;
  createdAt: string;
  note: string;
}

const toVersion = (row: {
  id: number;
  page: string;
  status: 'draft' | 'published';
  data_json: string;
  staff_email: string;
  created_at: string;
  note: string;
}): ContentVersion => ({
  id: Number(row.id),
  page: row.page,
  status: row.status,
  data: parseJsonColumn<Record<string, unknown>>(row.data_json) ?? {},
  staffEmail: row.staff_email,
  createdAt: row.created_at,
  note: row.note,
});

export async function publishPage(db: Executor, page: string, data: Record<string, unknown>, author: VersionAuthor, note: string): Promise<ContentVersion> {
  await upsertPage(db, page, data);
  await db.deleteFrom('content_versions').where('page', '=', page).where('status', '=', 'draft').execute();
  const row = await db
    .insertInto('content_versions')
    .values({ page, status: 'published', data_json: JSON.stringify(data), staff_id: author.staffId, staff_email: author.email, created_at: nowIso(), note })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toVersion(row);
}

/** Published (and versioned) only when it differs. */
export async function publishSeededPage(db: Executor, page: string, data: Record<string, unknown>): Promise<void> {
  const current = await findPage(db, page);
  if (current && JSON.stringify(current.data) === JSON.stringify(data)) return;
  await upsertPage(db, page, data);
  await db
    .insertInto('content_versions')
    .values({ page, status: 'published', data_json: JSON.stringify(data), staff_id: null, staff_email: '', created_at: nowIso(), note: 'Loaded from the content files' })
    .execute();
}

/** One draft per page: replaces the one before. */
export async function saveDraft(db: Executor, page: string, data: Record<string, unknown>, author: VersionAuthor): Promise<ContentVersion> {
  await db.deleteFrom('content_versions').where('page', '=', page).where('status', '=', 'draft').execute();
  const row = await db
    .insertInto('content_versions')
    .values({ page, status: 'draft', data_json: JSON.stringify(data), staff_id: author.staffId, staff_email: author.email, created_at: nowIso(), note: '' })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toVersion(row);
}

export async function findDraft(db: Executor, page: string): Promise<ContentVersion | null> {
  const row = await db.selectFrom('content_versions').selectAll().where('page', '=', page).where('status', '=', 'draft').executeTakeFirst();
  return row ? toVersion(row) : null;
}

export async function discardDraft(db: Executor, page: string): Promise<boolean> {
  const result = await db.deleteFrom('content_versions').where('page', '=', page).where('status', '=', 'draft').executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function listVersions(db: Executor, page: string, limit = 50): Promise<ContentVersion[]> {
  const rows = await db
    .selectFrom('content_versions')
    .selectAll()
    .where('page', '=', page)
    .where('status', '=', 'published')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(toVersion);
}

export async function findVersion(db: Executor, page: string, id: number): Promise<ContentVersion | null> {
  const row = await db.selectFrom('content_versions').selectAll().where('page', '=', page).where('id', '=', id).executeTakeFirst();
  return row ? toVersion(row) : null;
}
