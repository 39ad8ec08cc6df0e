import { parsePage } from '../../common/content';
import type { ContentService } from '../../common/load-context';
import type { Db } from '../db/database';
import { findPage, listAnnouncements, listPages, type StoredPage } from '../db/repositories/content';

/** Home carries its announcements, which live in their own table so volunteers can reorder them. */
async function withAnnouncements(db: Db, page: StoredPage): Promise<StoredPage> {
  if (page.page !== 'home') return page;
  return { page: page.page, data: { ...page.data, announcements: await listAnnouncements(db) } };
}

export function createContentService(db: Db): ContentService {
  return {
    async all() {
      const pages = await listPages(db);
      return Promise.all(pages.map((p) => withAnnouncements(db, p)));
    },
    async page(key) {
      const found = await findPage(db, key);
      return found ? parsePage(key, (await withAnnouncements(db, found)).data) : null;
    },
  };
}
