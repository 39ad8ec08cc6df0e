import type { MetaDescriptor } from 'react-router';
import type { loader as rootLoader } from '../../root';

type RootData = Awaited<ReturnType<typeof rootLoader>>;

export interface PageMetaOptions {
  /** A site path or an absolute URL. */
  image?: string;
  type?: 'website' | 'article';
}

/** The canonical link is set by root.tsx. */
export function pageMeta(
  matches: readonly ({ id: string; data?: unknown } | undefined)[],
  title: string,
  description?: string,
  options: PageMetaOptions = {},
): MetaDescriptor[] {
  const root = matches.find((m) => m?.id === 'root')?.data as RootData | undefined;
  const site = root?.site;
  const fullTitle = site ? `${title} | ${site.name}` : title;
  const text = description ?? site?.description ?? title;
  const origin = root?.canonicalUrl ? new URL(root.canonicalUrl).origin : '';
  const imagePath = options.image ?? site?.logo.src;
  const image = imagePath ? new URL(imagePath, origin || 'http://localhost').href : undefined;
  const tags: MetaDescriptor[] = [
    { title: fullTitle },
    { name: 'description', content: text },
    { property: 'og:title', content: fullTitle },
    { property: 'og:description', content: text },
    { property: 'og:type', content: options.type ?? 'website' },
    { name: 'twitter:card', content: 'summary_large_image' },
  ];
  if (site) tags.push({ property: 'og:site_name', content: site.name });
  if (root?.canonicalUrl) tags.push({ property: 'og:url', content: root.canonicalUrl });
  if (image && origin) tags.push({ property: 'og:image', content: image });
  return tags;
}
