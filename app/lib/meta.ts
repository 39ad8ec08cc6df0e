import type { MetaDescriptor } from 'react-router';
import type { SiteFacts } from './site';

interface RootData {
  site: SiteFacts | null;
}

/** `<title>` and description for a page, suffixed with the foundation's name. */
export function pageMeta(
  matches: readonly ({ id: string; data?: unknown } | undefined)[],
  title: string,
  description?: string,
): MetaDescriptor[] {
  const root = matches.find((m) => m?.id === 'root')?.data as RootData | undefined;
  const siteName = root?.site?.name;
  return [
    { title: siteName ? `${title} | ${siteName}` : title },
    { name: 'description', content: description ?? root?.site?.description ?? title },
  ];
}
