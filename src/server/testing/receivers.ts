import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { closeWithAll, startStubProvider } from './loopback';

/**
 * Where alarms go in the tests, on 127.0.0.1: a webhook receiver that keeps every request it
 * gets, and an SMTP server that keeps every message. Both stop with `closeAll`.
 */

export interface ReceivedRequest {
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
  /** performance.now() when the body had arrived. */
  at: number;
}

export type ReceiverHandler = (request: ReceivedRequest, response: ServerResponse) => void;

export interface WebhookReceiver {
  /** http://127.0.0.1:<port> */
  url: string;
  port: number;
  received: ReceivedRequest[];
  /** How the next requests are answered (200 by default); replace it at any time. */
  handler: ReceiverHandler;
}

export const answer =
  (status: number, headers: Record<string, string> = {}): ReceiverHandler =>
  (_request, response) =>
    response.writeHead(status, headers).end();

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const receiver: WebhookReceiver = { url: '', port: 0, received: [], handler: answer(200) };
  // The stub provider's server, reading each body whole before the handler answers.
  const stub = await startStubProvider((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const received = {
        path: request.url ?? '/',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: performance.now(),
      };
      receiver.received.push(received);
      receiver.handler(received, response);
    });
  });
  receiver.url = new URL(stub.url).origin;
  receiver.port = Number(new URL(stub.url).port);
  return receiver;
}

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The raw message, quoted-printable soft breaks and escapes undone. */
  text: string;
}

export interface MailReceiver {
  /** smtp://127.0.0.1:<port> */
  url: string;
  messages: ReceivedMail[];
}

/** An SMTP server taking mail without TLS or authentication, as a test's mail relay. */
export function startSmtpServer(): Promise<MailReceiver> {
  const receiver: MailReceiver = { url: '', messages: [] };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    size: 1024 * 1024,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        receiver.messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          text: unquote(Buffer.concat(chunks).toString('utf8')),
        });
        callback();
      });
    },
  });
  closeWithAll(() => new Promise((resolve) => server.close(() => resolve())));
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      receiver.url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
      resolve(receiver);
    });
  });
}

/**
 * The message with its quoted-printable parts decoded (as UTF-8), well enough to read in a
 * test; 7bit parts and the headers stay as they came.
 */
function unquote(raw: string): string {
  return raw
    .split(/(?=^--)/m)
    .map((part) => {
      if (!/^Content-Transfer-Encoding: quoted-printable\r?$/im.test(part)) return part;
      const bytes = part
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_match, hex: string) =>
          String.fromCharCode(parseInt(hex, 16)),
        );
      return Buffer.from(bytes, 'latin1').toString('utf8');
    })
    .join('');
}
