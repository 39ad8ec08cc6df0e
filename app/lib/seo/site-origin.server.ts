import type { AppLoadContext } from 'react-router';

/** Never the request's Host header: the canonical URL, the public sitemap and JSON-LD must not be poisoned by it. */
export function siteOrigin(context: AppLoadContext): string {
  return context.publicConfig.publicUrl;
}
