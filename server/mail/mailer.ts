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
  /** Stable, so a message delivered again after a crash is recognisably the same one. */
  messageId?: string;
  /** Kept by the outbox through retries. */
  date?: Date;
}

/** Never retries or swallows a failure: the mail outbox is its only caller and does the retrying. */
export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}
