import { describe, expect, it } from 'vitest';
import { inlineScriptHashes, scriptHash } from './inline-script-hashes.server';

const MARK = 'Zm9vYmFyYmF6cXV4MTIzNDU2';

describe('inlineScriptHashes', () => {
  it('hashes every inline script that carries the render mark, whatever its other attributes', () => {
    const html = `<head><script nonce="${MARK}">a()</script></head><body><script type="module" nonce="${MARK}" async="">import "x"</script></body>`;
    expect(inlineScriptHashes(html, MARK)).toEqual([scriptHash('a()'), scriptHash('import "x"')]);
  });

  it('leaves out scripts without the mark, or with another one', () => {
    const html = `<script>evil()</script><script nonce="someone-elses-mark-123">evil()</script><script nonce="${MARK}">ok()</script>`;
    expect(inlineScriptHashes(html, MARK)).toEqual([scriptHash('ok()')]);
  });

  it('lists a script written twice once, and skips empty and external scripts', () => {
    const html = `<script nonce="${MARK}">x()</script><script nonce="${MARK}">x()</script><script nonce="${MARK}" src="/a.js"></script>`;
    expect(inlineScriptHashes(html, MARK)).toEqual([scriptHash('x()')]);
  });

  it('refuses a short or guessable mark', () => {
    expect(() => inlineScriptHashes('', 'abc')).toThrow(/long random token/);
  });
});
