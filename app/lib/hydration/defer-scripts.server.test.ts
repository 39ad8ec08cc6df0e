import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DEFERRED_DATA_TYPE, DEFERRED_MODULE_ID, DEFERRED_MODULE_TYPE, HYDRATION_BOOT_SCRIPT } from './boot-script';
import { deferScripts, scriptHash } from './defer-scripts.server';

const MARK = 'r4nd0m-mark-0123456789';
const MODULE = 'import * as route0 from "/assets/root.js";\nimport("/assets/entry.client.js");';
const PAGE = [
  `<!DOCTYPE html><html><head><link rel="modulepreload" href="/assets/entry.client.js" nonce="${MARK}"/>`,
  `<link rel="stylesheet" href="/assets/root.css" nonce="${MARK}"/><link rel="modulepreload" href="/assets/root.js"/>`,
  `<script nonce="${MARK}">window.a=1</script></head><body><main>Hi <script>stolen()</script></main>`,
  `<script nonce="${MARK}">window.__reactRouterContext = {}</script>`,
  `<script nonce="${MARK}" type="module" async="">${MODULE}</script>`,
  `<script nonce="${MARK}">window.__reactRouterContext.streamController.enqueue("[1]");</script>`,
  '<script type="application/ld+json">{"@type":"Thing"}</script><script src="/x.js"></script></body></html>',
].join('');
const sha = (s: string) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`;

describe('deferScripts', () => {
  const { html, scriptHashes } = deferScripts(PAGE, MARK);

  it('drops the modulepreload links and the render mark, and keeps the stylesheet', () => {
    // (The boot script adds them itself once the page starts: the word stays in its text.)
    expect(html).not.toMatch(/<link[^>]*modulepreload/);
    expect(html).not.toContain(MARK);
    expect(html).toContain('<link rel="stylesheet" href="/assets/root.css"/>');
  });

  it('leaves no module script the browser would run, but keeps its text for the boot script', () => {
    expect(html).not.toContain('type="module"');
    expect(html).toContain(
      `<script type="${DEFERRED_MODULE_TYPE}" id="${DEFERRED_MODULE_ID}" data-hydrate="load" data-prefetch="/assets/entry.client.js /assets/root.js">${MODULE}</script>`,
    );
    expect(html.endsWith(`<script>${HYDRATION_BOOT_SCRIPT}</script></body></html>`)).toBe(true);
  });

  it("leaves React Router's context and data inert for the boot script, in their places, and other scripts as they were", () => {
    expect(html).toContain(`<body><main>Hi <script>stolen()</script></main><script type="${DEFERRED_DATA_TYPE}">window.__reactRouterContext = {}</script>`);
    expect(html).toContain(`<script type="${DEFERRED_DATA_TYPE}">window.__reactRouterContext.streamController.enqueue("[1]");</script>`);
    expect(html).toContain('<script>window.a=1</script>');
    expect(HYDRATION_BOOT_SCRIPT).toContain(`script[type="${DEFERRED_DATA_TYPE}"]`);
  });

  it('allows by hash exactly the scripts the render marked, the deferred module and the boot script', () => {
    expect(scriptHash('window.a=1')).toBe(sha('window.a=1'));
    expect(new Set(scriptHashes)).toEqual(new Set(['window.a=1', 'window.__reactRouterContext = {}', 'window.__reactRouterContext.streamController.enqueue("[1]");', MODULE, HYDRATION_BOOT_SCRIPT].map(sha)));
  });

  it('marks a page that waits for the visitor, with the files it fetches ahead', () => {
    expect(deferScripts(PAGE, MARK, 'interaction').html).toContain(`id="${DEFERRED_MODULE_ID}" data-hydrate="interaction" data-prefetch="/assets/entry.client.js /assets/root.js">`);
  });

  it('never allows a script that reached the HTML without the mark (injected content)', () => {
    expect(html).toContain('<script>stolen()</script>');
    expect(scriptHashes).not.toContain(sha('stolen()'));
  });

  it('leaves a page without React Router scripts alone apart from the mark', () => {
    const plain = `<html><body><script nonce="${MARK}">x()</script><script nonce="${MARK}">window.__reactRouterContext = {}</script></body></html>`;
    expect(deferScripts(plain, MARK)).toEqual({
      html: '<html><body><script>x()</script><script>window.__reactRouterContext = {}</script></body></html>',
      scriptHashes: [sha('x()'), sha('window.__reactRouterContext = {}')],
    });
  });

  it('refuses a page with two module scripts, or a guessable mark', () => {
    expect(() => deferScripts(PAGE.replace('</body>', `<script nonce="${MARK}" type="module" async="">x</script></body>`), MARK)).toThrow(/one React Router module script/);
    expect(() => deferScripts(PAGE, 'x')).toThrow(/render mark/);
  });
});
