import type { AppLoadContext } from 'react-router';

/**
 * The site's public origin: PUBLIC_URL when configured, else the address the server listens on.
 * Never the request's own origin: its Host header is the sender's choice, and the canonical URL,
 * the sitemap (cached publicly) and JSON-LD must not be poisoned by it.
 */
export function siteOrigin(context: AppLoadContext): string {
  return context.publicConfig.publicUrl;
}
