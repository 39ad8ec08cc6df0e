import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** One rendered answer, kept with its compressed forms. */
export interface CachedResponse {
  headers: Record<string, string>;
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
  etag: string;
  /** The change marks and time window it was made in; it is served only while both still hold. */
  version: string;
}

export interface Rendered {
  headers: Record<string, string>;
  body: Buffer;
}

interface Options {
  /** Reads the database's change marks (see change-marks.ts). */
  readMarks: () => Promise<string>;
  /** How often the marks are read again; 0 reads them for every request. */
  checkEveryMs: number;
  /** No answer is served once this much time (on the app's clock) has passed since its window began. */
  ttlMs: number;
  clock: () => Date;
  /** At most this many answers are kept; the least recently used goes first. */
  maxEntries?: number;
}

/**
 * The rendered bytes of anonymous answers, in this process (ADR 029). An answer is made once per
 * key and version, however many requests ask for it at the same moment; it is dropped when the
 * database's change marks move (any instance's writes), when its time window ends (dates and held
 * places move with the clock) or when `clear()` is called (this instance's staff writes).
 */
export class ResponseCache {
  private readonly entries = new Map<string, CachedResponse>();
  private readonly making = new Map<string, Promise<CachedResponse | null>>();
  private marks: string | undefined;
  private marksReadAt = -Infinity;
  private reading: Promise<string> | undefined;
  private generation = 0;

  constructor(private readonly options: Options) {}

  clear(): void {
    this.entries.clear();
    this.generation += 1;
  }

  get size(): number {
    return this.entries.size;
  }

  /**
   * The cached answer for `key` if it is certainly current without asking the database (the marks
   * were read within the check interval): the fast path that skips Express (cachedAnswers.fast).
   */
  peek(key: string): CachedResponse | undefined {
    if (this.marks === undefined || this.options.checkEveryMs === 0 || performance.now() - this.marksReadAt >= this.options.checkEveryMs) return undefined;
    const found = this.entries.get(key);
    return found?.version === this.versionOf(this.window(), this.marks) ? found : undefined;
  }

  /** The cached answer for `key`, made by `render` when missing or stale; null when `render` declines. */
  async get(key: string, render: () => Promise<Rendered | null>): Promise<CachedResponse | null> {
    const version = await this.version();
    const found = this.entries.get(key);
    if (found?.version === version) {
      // Map order is insertion order: re-inserting marks it as recently used.
      this.entries.delete(key);
      this.entries.set(key, found);
      return found;
    }
    const makingKey = `${version}\n${key}`;
    let pending = this.making.get(makingKey);
    if (!pending) {
      const generation = this.generation;
      pending = this.make(render, version).then(
        (made) => {
          // Kept only if nothing cleared the cache while it was being made.
          if (made && generation === this.generation) this.keep(key, made);
          return made;
        },
      ).finally(() => this.making.delete(makingKey));
      this.making.set(makingKey, pending);
    }
    return pending;
  }

  private keep(key: string, made: CachedResponse) {
    this.entries.delete(key);
    this.entries.set(key, made);
    const max = this.options.maxEntries ?? 500;
    while (this.entries.size > max) this.entries.delete(this.entries.keys().next().value!);
  }

  private async make(render: () => Promise<Rendered | null>, version: string): Promise<CachedResponse | null> {
    const rendered = await render();
    if (!rendered) return null;
    const [gz, br] = await Promise.all([
      gzipAsync(rendered.body, { level: 9 }),
      brotli(rendered.body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: rendered.body.length } }),
    ]);
    const etag = `W/"${createHash('sha256').update(rendered.body).digest('base64url').slice(0, 27)}"`;
    return { headers: rendered.headers, identity: rendered.body, gzip: gz, br, etag, version };
  }

  private async version(): Promise<string> {
    const marks = await this.currentMarks();
    return this.versionOf(this.window(), marks);
  }

  // The same string for as long as window and marks hold: peek compares it on every request.
  private latest = { window: NaN, marks: '', version: '' };
  private versionOf(window: number, marks: string): string {
    if (this.latest.window !== window || this.latest.marks !== marks) this.latest = { window, marks, version: `${window}|${marks}` };
    return this.latest.version;
  }

  private window(): number {
    return Math.floor(this.options.clock().getTime() / this.options.ttlMs);
  }

  private async currentMarks(): Promise<string> {
    const now = performance.now();
    if (this.marks !== undefined && now - this.marksReadAt < this.options.checkEveryMs) return this.marks;
    // Checking on every request (tests) means every request reads after its own earlier writes.
    if (this.options.checkEveryMs === 0) return this.noteMarks(await this.options.readMarks(), now);
    // One read at a time: requests arriving meanwhile wait for it rather than start their own.
    this.reading ??= this.options
      .readMarks()
      .then((marks) => this.noteMarks(marks, now))
      .finally(() => (this.reading = undefined));
    return this.reading;
  }

  private noteMarks(marks: string, readAt: number): string {
    if (marks !== this.marks) this.entries.clear();
    this.marks = marks;
    this.marksReadAt = readAt;
    return marks;
  }
}
