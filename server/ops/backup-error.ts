/**
 * Why a backup or a restore stopped, in words the person running it can act on. The commands print
 * the message alone (no stack trace) and exit 1.
 */
export class BackupError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'BackupError';
  }
}
