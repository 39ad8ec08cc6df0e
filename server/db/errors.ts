/** Repositories throw it so callers never read driver messages. */
export class DuplicateKeyError extends Error {
  constructor(cause: unknown) {
    super('duplicate key', { cause });
    this.name = 'DuplicateKeyError';
  }
}

const UNIQUE_VIOLATION_CODES = new Set(['23505', 'SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_CONSTRAINT_PRIMARYKEY']);

export async function failOnDuplicate<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    if (typeof code === 'string' && UNIQUE_VIOLATION_CODES.has(code)) throw new DuplicateKeyError(error);
    throw error;
  }
}
