import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser, type AddressObject } from 'mailparser';

export interface OutboxAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface OutboxMail {
  /** Absolute path of the .eml file. */
  file: string;
  /** Bare addresses, comma-separated: `donor@example.org`. */
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string | undefined;
  attachments: OutboxAttachment[];
}

function addresses(header: AddressObject | AddressObject[] | undefined): string {
  const objects = header === undefined ? [] : Array.isArray(header) ? header : [header];
  return objects
    .flatMap((o) => o.value)
    .map((a) => a.address ?? '')
    .join(', ');
}

/** Every message in an outbox folder, oldest first (file names start with the time they were written). */
export async function readOutbox(dir: string): Promise<OutboxMail[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const files = names.filter((name) => name.endsWith('.eml') && !name.startsWith('.')).sort();
  return Promise.all(
    files.map(async (name) => {
      const file = path.join(dir, name);
      const mail = await simpleParser(await readFile(file));
      return {
        file,
        to: addresses(mail.to),
        from: addresses(mail.from),
        subject: mail.subject ?? '',
        text: mail.text ?? '',
        html: mail.html || undefined,
        attachments: mail.attachments.map((a) => ({
          filename: a.filename ?? '',
          contentType: a.contentType,
          content: a.content,
        })),
      };
    }),
  );
}

/** Polls the outbox folder until a message matches: the mail worker delivers after the transaction commits. */
export async function waitForMail(dir: string, predicate: (mail: OutboxMail) => boolean, timeoutMs = 5000): Promise<OutboxMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = await readOutbox(dir);
    const found = mails.find(predicate);
    if (found) return found;
    if (Date.now() >= deadline) {
      const seen = mails.map((m) => `  ${m.to}: ${m.subject}`).join('\n') || '  (none)';
      throw new Error(`No matching mail in ${dir} after ${timeoutMs} ms. Mails there:\n${seen}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
