import { afterEach, beforeEach, expect, vi } from 'vitest';

/** An unexpected console.error is a bug the test did not look for: fail the test that caused it. */
let calls: unknown[][] = [];

beforeEach(() => {
  calls = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    calls.push(args);
  });
});

afterEach(() => {
  vi.mocked(console.error).mockRestore();
  expect(calls, 'console.error was called').toEqual([]);
});
