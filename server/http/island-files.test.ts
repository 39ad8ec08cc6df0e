import { describe, expect, it } from 'vitest';
import { ISLANDS } from '../../common/islands';
import { islandFilesFromManifest } from './island-files';

const source = ISLANDS['donation-form'];

describe('islandFilesFromManifest', () => {
  it("names the island's module and every file it imports, each once, however deep", () => {
    const files = islandFilesFromManifest({
      [source]: { file: 'assets/island-1.js', imports: ['_react.js', '_form.js'] },
      '_react.js': { file: 'assets/react-2.js' },
      '_form.js': { file: 'assets/form-3.js', imports: ['_react.js', '_money.js'] },
      '_money.js': { file: 'assets/money-4.js' },
      'app/root.tsx': { file: 'assets/root-5.js', imports: ['_react.js'] },
    });
    expect(files['donation-form']).toEqual({ modules: ['/assets/island-1.js'], preload: ['/assets/react-2.js', '/assets/form-3.js', '/assets/money-4.js'] });
  });

  it('refuses a build without the island', () => {
    expect(() => islandFilesFromManifest({ 'app/root.tsx': { file: 'assets/root.js' } })).toThrow(/no entry for app\/donations/);
  });
});
