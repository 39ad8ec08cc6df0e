import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { MediaItem } from '../../../common/content-admin';

/**
 * The pictures of the content folder (`content/images`, served at `/media/…`) as media library
 * items staff can choose again: read-only, since they ship with the site (ADR 049). Read from
 * disk on each call: every instance has the same folder, so nothing is kept in memory.
 */

const PICTURE = /\.(svg|png|jpe?g|webp|gif)$/i;
const DOCUMENT = /\.pdf$/i;

interface Known {
  width: number;
  height: number;
  alt: string;
}

/** Every `{ src: "/media/…", width, height, alt }` in the content's JSON files: the sizes and words staff already gave. */
async function knownPictures(contentDir: string): Promise<Map<string, Known>> {
  const known = new Map<string, Known>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (!value || typeof value !== 'object') return;
    const o = value as Record<string, unknown>;
    if (typeof o.src === 'string' && o.src.startsWith('/media/') && typeof o.width === 'number' && typeof o.height === 'number' && !known.has(o.src)) {
      known.set(o.src, { width: o.width, height: o.height, alt: typeof o.alt === 'string' ? o.alt : '' });
    }
    Object.values(o).forEach(visit);
  };
  for (const name of (await readdir(contentDir)).filter((n) => n.endsWith('.json')).sort()) {
    try {
      visit(JSON.parse(await readFile(path.join(contentDir, name), 'utf8')));
    } catch {
      // A file that is not JSON names no pictures; common/sample-content.test.ts checks the content itself.
    }
  }
  return known;
}

async function measured(file: string): Promise<{ width: number; height: number } | null> {
  try {
    const { width, height } = await sharp(file).metadata();
    return width && height ? { width, height } : null;
  } catch {
    return null;
  }
}

export function createContentPictures(contentDir: string) {
  const imagesDir = path.join(contentDir, 'images');

  async function list(): Promise<MediaItem[]> {
    let names: string[];
    try {
      names = (await readdir(imagesDir, { recursive: true })).map(String);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    const known = await knownPictures(contentDir);
    const items: MediaItem[] = [];
    for (const name of names.map((n) => n.split(path.sep).join('/')).sort()) {
      const isPicture = PICTURE.test(name);
      if (!isPicture && !DOCUMENT.test(name)) continue;
      const file = path.join(imagesDir, name);
      const info = await stat(file);
      if (!info.isFile()) continue;
      const src = `/media/${name}`;
      const size = isPicture ? (known.get(src) ?? (await measured(file))) : null;
      items.push({
        id: 0,
        key: src,
        kind: isPicture ? 'image' : 'pdf',
        src,
        width: size?.width ?? null,
        height: size?.height ?? null,
        alt: known.get(src)?.alt ?? '',
        fileName: name,
        byteSize: info.size,
        createdAt: info.mtime.toISOString(),
        files: [],
        published: true,
        origin: 'content',
      });
    }
    return items;
  }

  /** A content picture's size, or null when `src` names none: from the content's own words, else the one file. */
  async function sizeOf(src: string): Promise<{ width: number; height: number } | null> {
    if (!src.startsWith('/media/') || !PICTURE.test(src)) return null;
    const known = (await knownPictures(contentDir)).get(src);
    if (known) return { width: known.width, height: known.height };
    const file = path.resolve(imagesDir, src.slice('/media/'.length));
    // Staff send `src`: only a file inside the images folder may be read.
    if (!file.startsWith(path.resolve(imagesDir) + path.sep)) return null;
    return measured(file);
  }

  return { list, sizeOf };
}
