import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { z } from 'zod';
import { contentFiles, EventsFileSchema, type PageKey } from '../../common/content';
import type { Db } from './database';
import { countPages, replaceAnnouncements, upsertPage, type Announcement } from './repositories/content';
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
}

/**
 * Loads content/ into the database: every page, the home announcements and the events.
 * Idempotent (upserts by page name and eventNumber), and all-or-nothing: every file is
 * validated before anything is written.
 */
export async function seedContent(db: Db, contentDir: string): Promise<SeedSummary> {
  const pageKeys = Object.keys(contentFiles) as PageKey[];
  const pages = await Promise.all(
    pageKeys.map(async (key) => [key, (await readJson(contentDir, key, contentFiles[key])) as Record<string, unknown>] as const),
  );
  const events = await readJson(contentDir, 'events', EventsFileSchema);

  let announcements: Announcement[] = [];
  await db.transaction().execute(async (trx) => {
    for (const [key, data] of pages) {
      if (key === 'home' && Array.isArray(data.announcements)) {
        announcements = data.announcements as Announcement[];
        const { announcements: _moved, ...rest } = data;
        await upsertPage(trx, key, rest);
      } else {
        await upsertPage(trx, key, data);
      }
    }
    await replaceAnnouncements(trx, announcements);
    for (const event of events) {
      await upsertEvent(trx, {
        ...event,
        startTime: event.startTime ?? null,
        capacity: event.capacity ?? null,
      });
    }
  });
  return { pages: pages.length, events: events.length, announcements: announcements.length };
}

/** First start: an empty database gets the sample content so the site has something to show. */
export async function seedIfEmpty(db: Db, contentDir: string): Promise<SeedSummary | null> {
  return (await countPages(db)) === 0 ? seedContent(db, contentDir) : null;
}
