import type { Kysely, Transaction } from 'kysely';
import { nowIso, parseJsonColumn, toJsonColumn } from '../json';
import type { Database } from '../schema';

type Executor = Kysely<Database> | Transaction<Database>;

type Picture = { src: string; width: number; height: number; alt: string };

export interface AnnouncementRow {
  id: number;
  position: number;
  heading: string;
  meta: string;
  linkHref: string;
  linkLabel: string;
  image: Picture | null;
  published: boolean;
  showFrom: string | null;
  showUntil: string | null;
}

export type AnnouncementFields = Omit<AnnouncementRow, 'id' | 'position'>;

const toRow = (r: {
  id: number;
  position: number;
  heading: string;
  meta: string;
  link_href: string;
  link_label: string;
  image_json: string | null;
  published: number;
  show_from: string | null;
  show_until: string | null;
}): AnnouncementRow => ({
  id: Number(r.id),
  position: Number(r.position),
  heading: r.heading,
  meta: r.meta,
  linkHref: r.link_href,
  linkLabel: r.link_label,
  image: parseJsonColumn<Picture>(r.image_json),
  published: Number(r.published) === 1,
  showFrom: r.show_from,
  showUntil: r.show_until,
});

const columns = (a: AnnouncementFields) => ({
  heading: a.heading,
  meta: a.meta,
  link_href: a.linkHref,
  link_label: a.linkLabel,
  image_json: toJsonColumn(a.image),
  published: a.published ? 1 : 0,
  show_from: a.showFrom,
  show_until: a.showUntil,
  updated_at: nowIso(),
});

export async function listAnnouncementRows(db: Executor): Promise<AnnouncementRow[]> {
  return (await db.selectFrom('announcements').selectAll().orderBy('position').orderBy('id').execute()).map(toRow);
}

export async function findAnnouncementRow(db: Executor, id: number): Promise<AnnouncementRow | null> {
  const row = await db.selectFrom('announcements').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toRow(row) : null;
}

export async function insertAnnouncementRow(db: Executor, a: AnnouncementFields): Promise<number> {
  const { top } = await db
    .selectFrom('announcements')
    .select((eb) => eb.fn.max('position').as('top'))
    .executeTakeFirstOrThrow();
  const { id } = await db
    .insertInto('announcements')
    .values({ ...columns(a), position: Number(top ?? 0) + 1, created_at: nowIso() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(id);
}

export async function updateAnnouncementRow(db: Executor, id: number, a: AnnouncementFields): Promise<void> {
  await db.updateTable('announcements').set(columns(a)).where('id', '=', id).execute();
}

export async function deleteAnnouncementRow(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('announcements').where('id', '=', id).execute();
}

export async function swapAnnouncementPositions(db: Executor, a: AnnouncementRow, b: AnnouncementRow): Promise<void> {
  // Positions need not be unique, so the swap needs no temporary value.
  await db.updateTable('announcements').set({ position: b.position }).where('id', '=', a.id).execute();
  await db.updateTable('announcements').set({ position: a.position }).where('id', '=', b.id).execute();
}
