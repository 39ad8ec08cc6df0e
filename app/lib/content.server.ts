import type { AppLoadContext } from 'react-router';
import type { PageContent, PageKey } from '../../common/content';

/** A page's content from the store; validated when it was seeded, so it is trusted here. */
export async function loadPage<K extends PageKey>(context: AppLoadContext, key: K): Promise<PageContent<K> | null> {
  return (await context.services.content.page(key)) as PageContent<K> | null;
}
