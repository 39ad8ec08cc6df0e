import { expect } from 'vitest';
import type { ApiResponse } from './test-server';

/** A page's HTML with React's empty comments gone and quotes unescaped (angle brackets stay escaped), for `toContain`. */
export const pageHtml = (res: { text: string }) => res.text.replaceAll('<!-- -->', '').replaceAll('&quot;', '"').replaceAll('&#x27;', "'");

/** A page's text as it reads: no tags, no React empty comments, apostrophes unescaped, white space as single spaces. */
export const visibleText = (page: string) =>
  page
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, ' ');

/** Awaits a form post and expects it refused with each message on the page, and no script of the input on it. */
export async function expectRefused(res: Promise<ApiResponse>, ...messages: string[]) {
  const answer = await res;
  expect(answer.status, pageHtml(answer).slice(0, 300)).toBe(400);
  for (const message of messages) expect(pageHtml(answer)).toContain(message);
  expect(answer.text).not.toContain('<script>alert(1)');
  return answer;
}
