import { isPageKey, parsePage } from '../../common/content';
import type { ContentService, SitePage } from '../../common/load-context';
import type { Db } from '../db/database';
import { findPage, listAnnouncements, listPages, type StoredPage } from '../db/repositories/content';

/** Announcements live in their own table so volunteers can reorder them. */
async function withAnnouncements(db: Db, page: StoredPage, now: Date): Promise<StoredPage> {
  if (page.page !== 'home') return page;
  return { page: page.page, data: { ...page.data, announcements: await listAnnouncements(db, now.toISOString()) } };
}

/** Read on every request, so what staff publish shows at once on every instance. */
export function createContentService(db: Db, now: () => Date = () => new Date()): ContentService {
  return {
    async all() {
      const pages: SitePage[] = [];
      for (const stored of await listPages(db)) {
        // Left by an older version.
        if (!isPageKey(stored.page)) continue;
        const data = parsePage(stored.page, (await withAnnouncements(db, stored, now())).data);
        // TypeScript cannot pair a union key with its page's type; parsePage did.
        pages.push({ page: stored.page, data } as SitePage);
      }
      return pages;
    },
    async page(key) {
      const found = await findPage(db, key);
      return found ? parsePage(key, (await withAnnouncements(db, found, now())).data) : null;
    },
  };
}
