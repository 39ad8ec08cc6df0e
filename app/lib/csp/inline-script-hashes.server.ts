import { createHash } from 'node:crypto';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export const scriptHash = (source: string) => `'sha256-${createHash('sha256').update(source, 'utf8').digest('base64')}'`;

/**
 * Only scripts carrying the render's private mark are allowed (ADR 042); one that got into the HTML
 * some other way has no mark. The page is not changed: the policy lists hashes, not the mark.
 */
export function inlineScriptHashes(html: string, mark: string): string[] {
  if (!/^[\w-]{16,}$/.test(mark)) throw new Error('the render mark must be a long random token');
  const marked = new RegExp(`<script\\b[^>]*\\snonce="${escapeRegExp(mark)}"[^>]*>([\\s\\S]*?)</script>`, 'g');
  const hashes = new Set<string>();
  for (const [, source] of html.matchAll(marked)) if (source) hashes.add(scriptHash(source));
  return [...hashes];
}
