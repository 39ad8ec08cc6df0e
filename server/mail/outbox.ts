import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from '../logger';
import type { Mailer, MailMessage } from './mailer';

export interface OutboxMailerOptions {
  outboxDir: string;
  from: string;
}

/** Writes .eml files instead of sending: the fallback for development, tests and installs without a mail server. */
export function createOutboxMailer({ outboxDir, from }: OutboxMailerOptions, logger: Logger): Mailer {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let lastStamp = 0;

  // Names sort in sending order; a message with a Message-ID keeps one name, so a redelivery rewrites the same file.
  function fileNameOf(message: MailMessage): string {
    const stableId = message.messageId?.replace(/^<|>$/g, '').replace(/[^A-Za-z0-9._-]/g, '_');
    if (stableId && message.date) return `${message.date.toISOString().replace(/:/g, '-')}-${stableId}.eml`;
    lastStamp = Math.max(Date.now(), lastStamp + 1);
    const time = new Date(lastStamp).toISOString().replace(/:/g, '-');
    return `${time}-${randomBytes(4).toString('hex')}.eml`;
  }

  // A process killed between writing aside and renaming leaves a temp file; clear others' leftovers once.
  let sweptLeftovers = false;
  async function removeLeftovers(): Promise<void> {
    if (sweptLeftovers) return;
    sweptLeftovers = true;
    const names = await readdir(outboxDir).catch(() => [] as string[]);
    for (const name of names) {
      const match = /^\..+\.(\d+)\.tmp$/.exec(name);
      if (!match || Number(match[1]) === process.pid) continue;
      const file = path.join(outboxDir, name);
      // A minute old at least, so a temp file another instance is writing is left alone.
      const info = await stat(file).catch(() => null);
      if (info && Date.now() - info.mtimeMs > 60_000) await rm(file, { force: true });
    }
  }

  return {
    kind: 'outbox',
    async send(message: MailMessage) {
      // Named before anything is awaited, so file order is call order.
      const file = path.join(outboxDir, fileNameOf(message));
      await removeLeftovers();
      const info = await composer.sendMail({ from, ...message });
      // Readers watching the folder must never see half a message: write aside, then rename.
      const temp = path.join(outboxDir, `.${path.basename(file)}.${process.pid}.tmp`);
      // Messages hold live reset links and donors' details: owner only.
      await mkdir(outboxDir, { recursive: true, mode: 0o700 });
      try {
        await writeFile(temp, info.message, { mode: 0o600 });
        await rename(temp, file);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
      logger.info({ subject: message.subject, file: path.basename(file) }, 'mail written to outbox');
    },
    async close() {
      composer.close();
    },
  };
}
