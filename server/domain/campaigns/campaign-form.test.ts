import { describe, expect, it } from 'vitest';
import { slugFrom } from './campaign-form';

describe('slugFrom', () => {
  it('makes a web address of lower-case words joined by hyphens', () => {
    expect(slugFrom('Spring Groceries!')).toBe('spring-groceries');
    expect(slugFrom('  Café  for   the Smiths  ')).toBe('cafe-for-the-smiths');
    expect(slugFrom('!!!')).toBe('');
  });
});
