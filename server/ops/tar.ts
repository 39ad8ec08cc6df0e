import { closeSync, fstatSync, fsyncSync, openSync, readSync, writeSync } from 'node:fs';

/** Plain ustar with no dependency, so `tar -xf` unpacks a backup (ADR 033). Regular files, names ≤ 100 bytes. */

const BLOCK = 512;
const CHUNK = 1024 * 1024;

export class TarError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TarError';
  }
}

export interface TarEntry {
  name: string;
  offset: number;
  size: number;
}

const octal = (value: number, digits: number) => value.toString(8).padStart(digits, '0');

function header(name: string, size: number, mtimeSeconds: number): Buffer {
  const block = Buffer.alloc(BLOCK);
  const encoded = Buffer.from(name, 'utf8');
  if (encoded.length > 100) throw new TarError(`The name ${name} is too long for the archive (100 bytes at most).`);
  encoded.copy(block, 0);
  block.write('0000600\0', 100, 'ascii'); // mode
  block.write('0000000\0', 108, 'ascii'); // uid
  block.write('0000000\0', 116, 'ascii'); // gid
  if (size < 8 ** 11) {
    block.write(`${octal(size, 11)}\0`, 124, 'ascii');
  } else {
    // GNU's base-256 form for members of 8 GiB and more.
    block[124] = 0x80;
    for (let i = 135, rest = size; i > 124; i -= 1, rest = Math.floor(rest / 256)) block[i] = rest % 256;
  }
  block.write(`${octal(mtimeSeconds, 11)}\0`, 136, 'ascii');
  block.fill(0x20, 148, 156); // the checksum counts its own field as spaces
  block.write('0', 156, 'ascii'); // a regular file
  block.write('ustar\0', 257, 'ascii');
  block.write('00', 263, 'ascii');
  block.write(`${octal(checksum(block), 6)}\0 `, 148, 'ascii');
  return block;
}

function checksum(block: Buffer): number {
  let sum = 0;
  for (let i = 0; i < BLOCK; i += 1) sum += i >= 148 && i < 156 ? 0x20 : block[i]!;
  return sum;
}

const padding = (size: number) => (BLOCK - (size % BLOCK)) % BLOCK;

export class TarWriter {
  private readonly fd: number;
  private readonly mtime = Math.floor(Date.now() / 1000);

  constructor(file: string) {
    this.fd = openSync(file, 'wx', 0o600);
  }

  addBytes(name: string, bytes: Buffer): void {
    writeSync(this.fd, header(name, bytes.length, this.mtime));
    writeSync(this.fd, bytes);
    writeSync(this.fd, Buffer.alloc(padding(bytes.length)));
  }

  addFile(name: string, source: string): void {
    const input = openSync(source, 'r');
    try {
      const size = fstatSync(input).size;
      writeSync(this.fd, header(name, size, this.mtime));
      const buffer = Buffer.alloc(CHUNK);
      let copied = 0;
      while (copied < size) {
        const read = readSync(input, buffer, 0, Math.min(CHUNK, size - copied), copied);
        if (read === 0) throw new TarError(`${source} got shorter while it was being archived.`);
        writeSync(this.fd, buffer, 0, read);
        copied += read;
      }
      writeSync(this.fd, Buffer.alloc(padding(size)));
    } finally {
      closeSync(input);
    }
  }

  finish(): void {
    writeSync(this.fd, Buffer.alloc(BLOCK * 2));
    fsyncSync(this.fd);
    closeSync(this.fd);
  }

  /** The caller deletes the file. */
  abandon(): void {
    closeSync(this.fd);
  }
}

export function looksLikeTar(firstBlock: Buffer): boolean {
  return firstBlock.length >= BLOCK && firstBlock.toString('ascii', 257, 262) === 'ustar';
}

/** Throws TarError when damaged or cut short. */
export function listTar(file: string): TarEntry[] {
  const fd = openSync(file, 'r');
  try {
    const total = fstatSync(fd).size;
    const entries: TarEntry[] = [];
    const block = Buffer.alloc(BLOCK);
    let position = 0;
    for (;;) {
      if (position + BLOCK > total) throw new TarError('the archive is cut short (no end marker)');
      readSync(fd, block, 0, BLOCK, position);
      if (block.every((byte) => byte === 0)) return entries;
      const stored = parseInt(block.toString('ascii', 148, 156).replace(/[\0 ]+/g, ''), 8);
      if (stored !== checksum(block)) throw new TarError(`the archive is damaged (a bad header at byte ${position})`);
      const size = sizeOf(block);
      const name = nameOf(block);
      const type = String.fromCharCode(block[156]!);
      const offset = position + BLOCK;
      if (offset + size > total) throw new TarError(`the archive is cut short (${name} is incomplete)`);
      if (type === '0' || type === '\0') entries.push({ name, offset, size });
      position = offset + size + padding(size);
    }
  } finally {
    closeSync(fd);
  }
}

function sizeOf(block: Buffer): number {
  if (block[124]! & 0x80) {
    let size = 0;
    for (let i = 125; i < 136; i += 1) size = size * 256 + block[i]!;
    return size;
  }
  return parseInt(block.toString('ascii', 124, 136).replace(/[\0 ]+/g, '') || '0', 8);
}

function nameOf(block: Buffer): string {
  const field = (start: number, length: number) => {
    const raw = block.subarray(start, start + length);
    const end = raw.indexOf(0);
    return raw.toString('utf8', 0, end === -1 ? length : end);
  };
  const prefix = field(345, 155);
  const name = field(0, 100);
  return prefix ? `${prefix}/${name}` : name;
}

export function readTarEntry(file: string, entry: TarEntry): Buffer {
  const fd = openSync(file, 'r');
  try {
    const bytes = Buffer.alloc(entry.size);
    let read = 0;
    while (read < entry.size) {
      const n = readSync(fd, bytes, read, entry.size - read, entry.offset + read);
      if (n === 0) throw new TarError(`the archive is cut short (${entry.name} is incomplete)`);
      read += n;
    }
    return bytes;
  } finally {
    closeSync(fd);
  }
}

export function extractTarEntry(file: string, entry: TarEntry, destination: string): void {
  const input = openSync(file, 'r');
  const output = openSync(destination, 'wx', 0o600);
  try {
    const buffer = Buffer.alloc(CHUNK);
    let copied = 0;
    while (copied < entry.size) {
      const n = readSync(input, buffer, 0, Math.min(CHUNK, entry.size - copied), entry.offset + copied);
      if (n === 0) throw new TarError(`the archive is cut short (${entry.name} is incomplete)`);
      writeSync(output, buffer, 0, n);
      copied += n;
    }
  } finally {
    closeSync(output);
    closeSync(input);
  }
}
