import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { z } from 'zod';
import { contentFiles, EventsFileSchema, type PageKey } from '../../common/content';
import type { Db } from './database';
import { countPages, replaceAnnouncements, staffEditedSubjects, type Announcement } from './repositories/content';
import { publishSeededPage } from './repositories/content-versions';
import { upsertEvent } from './repositories/events';

export class ContentFileError extends Error {
  constructor(file: string, detail: string) {
    super(`${file}: ${detail}`);
    this.name = 'ContentFileError';
  }
}

async function readJson<S extends z.ZodType>(dir: string, name: string, schema: S): Promise<z.infer<S>> {
  const file = path.join(dir, `${name}.json`);
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new ContentFileError(file, error instanceof Error ? error.message : String(error));
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const first = parsed.error.issues.slice(0, 5).map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`);
    throw new ContentFileError(file, first.join('; '));
  }
  return parsed.data;
}

export interface SeedSummary {
  pages: number;
  events: number;
  announcements: number;
  keptStaffEdits: string[];
}

/** Idempotent and all-or-nothing: every file is validated first; staff edits are never overwritten. */
export async function seedContent(db: Db, contentDir: string): Promise<SeedSummary> {
  const pageKeys = Object.keys(contentFiles) as PageKey[];
  const pages = await Promise.all(
    pageKeys.map(async (key) => [key, (await readJson(contentDir, key, contentFiles[key])) as Record<string, unknown>] as const),
  );
  const events = await readJson(contentDir, 'events', EventsFileSchema);

  const summary: SeedSummary = { pages: 0, events: 0, announcements: 0, keptStaffEdits: [] };
  await db.transaction().execute(async (trx) => {
    const edited = await staffEditedSubjects(trx);
    const keep = (subject: string) => {
      if (!edited.has(subject)) return false;
      summary.keptStaffEdits.push(subject);
      return true;
    };
    for (const [key, data] of pages) {
      let page = data;
      if (key === 'home' && Array.isArray(data.announcements)) {
        const { announcements, ...rest } = data;
        page = rest;
        if (!keep('announcements')) {
          await replaceAnnouncements(trx, announcements as Announcement[]);
          summary.announcements = (announcements as unknown[]).length;
        }
      }
      if (keep(`page:${key}`)) continue;
      await publishSeededPage(trx, key, page);
      summary.pages++;
    }
    for (const event of events) {
      if (keep(`event:${event.eventNumber}`)) continue;
      await upsertEvent(trx, {
        ...event,
        startTime: event.startTime ?? null,
        capacity: event.capacity ?? null,
      });
      summary.events++;
    }
  });
  return summary;
}

export async function seedIfEmpty(db: Db, contentDir: string): Promise<SeedSummary | null> {
  return (await countPages(db)) === 0 ? seedContent(db, contentDir) : null;
}
