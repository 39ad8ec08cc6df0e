export interface MailAttachment {
  filename: string;
  content: string | Buffer;
  contentType: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
  /** A stable Message-ID (`<…@host>`): a message delivered again after a crash is recognisably the same one. */
  messageId?: string;
  /** When the message was written (the outbox keeps this through retries). */
  date?: Date;
}

/**
 * Sends one message or rejects; it never retries or swallows a failure. The mail outbox
 * (server/domain/mail-queue.ts) is its only caller and retries until the message is delivered.
 */
export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}
