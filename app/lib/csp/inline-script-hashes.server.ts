import { createHash } from 'node:crypto';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A CSP hash source ('sha256-…') of an inline script's text. */
export const scriptHash = (source: string) => `'sha256-${createHash('sha256').update(source, 'utf8').digest('base64')}'`;

/**
 * The CSP hash sources of the inline scripts in a rendered page that carry `nonce="mark"`: the
 * render's private mark, which React and React Router put on every script they write (ADR 042).
 * A script that found its way into the HTML some other way has no mark and is not allowed.
 * The page itself is not changed: the policy lists hashes, so the mark allows nothing.
 */
export function inlineScriptHashes(html: string, mark: string): string[] {
  if (!/^[\w-]{16,}$/.test(mark)) throw new Error('the render mark must be a long random token');
  const marked = new RegExp(`<script\\b[^>]*\\snonce="${escapeRegExp(mark)}"[^>]*>([\\s\\S]*?)</script>`, 'g');
  const hashes = new Set<string>();
  for (const [, source] of html.matchAll(marked)) if (source) hashes.add(scriptHash(source));
  return [...hashes];
}
