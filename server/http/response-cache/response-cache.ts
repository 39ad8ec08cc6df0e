import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { ChangeMarks } from './change-marks';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export interface CachedResponse {
  /** Without each request's and encoding's own headers. */
  headers: string[];
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
  etag: string;
  /** The app's answer had no ETag. */
  ownEtag: boolean;
  /** Served only while its time window and change marks hold. */
  made: Made;
}

interface Made {
  window: number;
  site: string;
  partName: string | null;
  part: string;
}

export interface Rendered {
  headers: string[];
  body: Buffer;
}

interface Options {
  readMarks: () => Promise<ChangeMarks>;
  partOf?: (key: string) => string | null;
  /** 0 reads them for every request. */
  checkEveryMs: number;
  /** On the app's clock. */
  ttlMs: number;
  clock: () => Date;
  maxEntries?: number;
  /** One path asked with other Host headers. */
  groupOf?: (key: string) => string;
  maxPerGroup?: number;
}

/**
 * Rendered anonymous answers in this process (ADR 029), made once per key however many ask at once.
 * Dropped when the change marks move, the time window ends (dates and held places move with the clock), or on clear().
 */
export class ResponseCache {
  private readonly entries = new Map<string, CachedResponse>();
  private readonly making = new Map<string, Promise<CachedResponse | null>>();
  private marks: ChangeMarks | undefined;
  private marksReadAt = -Infinity;
  private reading: Promise<ChangeMarks> | undefined;
  private generation = 0;

  constructor(private readonly options: Options) {}

  clear(): void {
    this.entries.clear();
    this.generation += 1;
  }

  get size(): number {
    return this.entries.size;
  }

  /** Only if current without asking the database: the fast path that skips Express. */
  peek(key: string): CachedResponse | undefined {
    if (this.marks === undefined || this.options.checkEveryMs === 0 || performance.now() - this.marksReadAt >= this.options.checkEveryMs) return undefined;
    const found = this.entries.get(key);
    return found && this.holds(found.made, this.marks) ? found : undefined;
  }

  private madeNow(key: string, marks: ChangeMarks): Made {
    const partName = this.options.partOf?.(key) ?? null;
    return { window: this.window(), site: marks.site, partName, part: partName ? (marks.parts.get(partName) ?? '') : '' };
  }

  /** Allocates nothing: the fast path runs it on every hit. */
  private holds(made: Made, marks: ChangeMarks): boolean {
    return made.site === marks.site && made.window === this.window() && (made.partName === null || made.part === (marks.parts.get(made.partName) ?? ''));
  }

  async get(key: string, render: () => Promise<Rendered | null>): Promise<CachedResponse | null> {
    const marks = await this.currentMarks();
    const found = this.entries.get(key);
    if (found && this.holds(found.made, marks)) {
      // Re-inserting marks it as recently used.
      this.entries.delete(key);
      this.entries.set(key, found);
      return found;
    }
    const now = this.madeNow(key, marks);
    const makingKey = `${now.window}|${now.site}|${now.part}\n${key}`;
    let pending = this.making.get(makingKey);
    if (!pending) {
      const generation = this.generation;
      pending = this.make(render, now).then(
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
    const { groupOf, maxPerGroup = 4 } = this.options;
    if (!groupOf) return;
    const group = groupOf(key);
    const members = [...this.entries.keys()].filter((other) => groupOf(other) === group);
    for (const old of members.slice(0, Math.max(0, members.length - maxPerGroup))) this.entries.delete(old);
  }

  private async make(render: () => Promise<Rendered | null>, made: Made): Promise<CachedResponse | null> {
    const rendered = await render();
    if (!rendered) return null;
    const [gz, br] = await Promise.all([
      gzipAsync(rendered.body, { level: 9 }),
      brotli(rendered.body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: rendered.body.length } }),
    ]);
    const given = rendered.headers.findIndex((name, i) => i % 2 === 0 && name.toLowerCase() === 'etag');
    const etag = given === -1 ? `W/"${createHash('sha256').update(rendered.body).digest('base64url').slice(0, 27)}"` : rendered.headers[given + 1]!;
    return { headers: rendered.headers, identity: rendered.body, gzip: gz, br, etag, ownEtag: given === -1, made };
  }

  private window(): number {
    return Math.floor(this.options.clock().getTime() / this.options.ttlMs);
  }

  private async currentMarks(): Promise<ChangeMarks> {
    const now = performance.now();
    if (this.marks !== undefined && now - this.marksReadAt < this.options.checkEveryMs) return this.marks;
    // Every request reads after its own earlier writes (tests).
    if (this.options.checkEveryMs === 0) return this.noteMarks(await this.options.readMarks(), now);
    // One read at a time: requests arriving meanwhile wait for it.
    this.reading ??= this.options
      .readMarks()
      .then((marks) => this.noteMarks(marks, now))
      .finally(() => (this.reading = undefined));
    return this.reading;
  }

  private noteMarks(marks: ChangeMarks, readAt: number): ChangeMarks {
    if (marks.site !== this.marks?.site) this.entries.clear();
    this.marks = marks;
    this.marksReadAt = readAt;
    return marks;
  }
}
