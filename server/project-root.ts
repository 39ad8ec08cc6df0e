import { existsSync } from 'node:fs';
import path from 'node:path';

/** The nearest folder up with a package.json: sources and the compiled build sit at different depths. */
export function findProjectRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No package.json above ${from}: run the server from its checkout.`);
  }
}
