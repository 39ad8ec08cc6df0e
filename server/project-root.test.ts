import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { findProjectRoot } from './project-root';

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

test('the root is the nearest folder up with a package.json, from the sources or the build', () => {
  dir = mkdtempSync(path.join(tmpdir(), 'root-'));
  writeFileSync(path.join(dir, 'package.json'), '{}');
  mkdirSync(path.join(dir, 'server'));
  mkdirSync(path.join(dir, 'build/node/chunks'), { recursive: true });
  expect(findProjectRoot(path.join(dir, 'server'))).toBe(dir);
  expect(findProjectRoot(path.join(dir, 'build/node/chunks'))).toBe(dir);
});

test('a folder with no package.json above it is an error that says so', () => {
  dir = mkdtempSync(path.join(tmpdir(), 'root-'));
  expect(() => findProjectRoot(path.join(dir, 'nowhere'))).toThrow(/No package.json above/);
});
