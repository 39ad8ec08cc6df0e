import type { AppLoadContext } from 'react-router';
import { parsePage, type PageContent, type PageKey } from '../../common/content';

/** `?preview=draft` with a staff session shows the unpublished draft. */
export async function loadPage<K extends PageKey>({ context, request }: { context: AppLoadContext; request: Request }, key: K): Promise<PageContent<K> | null> {
  const published = await context.services.content.page(key);
  if (new URL(request.url).searchParams.get('preview') !== 'draft') return published;
  const { session } = await context.backOffice.auth.session(request);
  if (session?.stage !== 'full' || session.staff.role === 'reviewer') return published;
  const draft = (await context.backOffice.content.pageEditor(key)).draft;
  // Home's announcements are edited apart.
  return draft ? parsePage(key, { ...(published ?? {}), ...(draft.data as object) }) : published;
}

/** Such a page must not be cached or indexed. */
export const isPreview = (request: Request) => new URL(request.url).searchParams.get('preview') === 'draft';
