import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer, type SMTPServerEnvelope } from 'smtp-server';

export interface ReceivedMail {
  envelope: SMTPServerEnvelope;
  mail: ParsedMail;
}

export interface LocalSmtpServer {
  port: number;
  url: string;
  received: ReceivedMail[];
  /** While true, every message is refused with a temporary failure (451), as a server in trouble does. */
  refusing: boolean;
  close(): Promise<void>;
}

/** A real SMTP server on a free local port, plain text (no STARTTLS), no login. */
export async function startSmtpServer(): Promise<LocalSmtpServer> {
  const state: LocalSmtpServer = {
    port: 0,
    url: '',
    received: [],
    refusing: false,
    close: async () => undefined,
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (mail) => {
          if (state.refusing) {
            callback(Object.assign(new Error('Mailbox temporarily unavailable, try again later'), { responseCode: 451 }));
            return;
          }
          state.received.push({ envelope: session.envelope, mail });
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.port = (server.server.address() as AddressInfo).port;
  state.url = `smtp://127.0.0.1:${state.port}`;
  state.close = () => new Promise<void>((resolve) => server.close(resolve));
  return state;
}
