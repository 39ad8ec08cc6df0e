import type { AppLoadContext } from 'react-router';
import { parsePage, type PageContent, type PageKey } from '../../common/content';

/**
 * A content page for a public loader. With `?preview=draft` and a signed-in staff session it is
 * the page's unpublished draft, so staff see the page as it will look before publishing; anyone
 * else gets the published page.
 */
export async function loadPage<K extends PageKey>({ context, request }: { context: AppLoadContext; request: Request }, key: K): Promise<PageContent<K> | null> {
  const published = await context.services.content.page(key);
  if (new URL(request.url).searchParams.get('preview') !== 'draft') return published;
  const { session } = await context.backOffice.auth.session(request);
  if (session?.stage !== 'full') return published;
  const draft = (await context.backOffice.content.pageEditor(key)).draft;
  // Home's announcements are edited apart: the draft brings everything else.
  return draft ? parsePage(key, { ...(published ?? {}), ...(draft.data as object) }) : published;
}

/** Whether this request shows a draft: such a page must not be cached or indexed. */
export const isPreview = (request: Request) => new URL(request.url).searchParams.get('preview') === 'draft';
