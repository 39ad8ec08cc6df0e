import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * The checkout's root folder: the nearest one up with a package.json. The sources live in
 * server/ and the compiled server in build/node/, so a fixed '..' would be right for only one.
 */
export function findProjectRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No package.json above ${from}: run the server from its checkout.`);
  }
}
