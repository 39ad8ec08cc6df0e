import { describe, expect, it } from 'vitest';
import { midSentence } from './text';

describe('midSentence', () => {
  it('lowers the first letter of a word, never of an acronym', () => {
    expect(midSentence('High school transcript')).toBe('high school transcript');
    expect(midSentence('FAFSA Student Aid Report (summary)')).toBe('FAFSA Student Aid Report (summary)');
    expect(midSentence('')).toBe('');
  });
});
