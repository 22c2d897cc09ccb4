/** A real SMTP server for tests (the `smtp-server` package as the receiving end). */
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  /** The raw message as received. */
  raw: string;
  /** The message with quoted-printable soft breaks and escapes decoded, for searching. */
  decoded: string;
  recipients: string[];
}

export interface TestSmtpServer {
  port: number;
  url: string;
  received: ReceivedMail[];
  /** Holds every incoming message's DATA until `release()` (a slow server). */
  hold(): void;
  /** How many messages are held, received but not yet accepted. */
  heldCount(): number;
  release(): void;
  close(): Promise<void>;
}

export function decodeQuotedPrintable(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let index = 0; index < joined.length; index += 1) {
    const hex = joined.slice(index + 1, index + 3);
    if (joined[index] === "=" && /^[0-9A-F]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(joined[index]!, "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

/** Starts an SMTP server on 127.0.0.1 (`port` 0 picks a free one). */
export async function startSmtpServer(port = 0): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  let held: (() => void)[] | undefined;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const accept = () => {
          const raw = Buffer.concat(chunks).toString("utf8");
          received.push({
            raw,
            decoded: decodeQuotedPrintable(raw),
            recipients: session.envelope.rcptTo.map((recipient) => recipient.address),
          });
          callback();
        };
        if (held) held.push(accept);
        else accept();
      });
    },
  });
  await new Promise<void>((listening, failed) => {
    server.once("error", failed);
    server.listen(port, "127.0.0.1", () => listening());
  });
  const address = server.server.address() as { port: number };
  return {
    port: address.port,
    url: `smtp://127.0.0.1:${address.port}`,
    received,
    hold() {
      held = [];
    },
    heldCount() {
      return held?.length ?? 0;
    },
    release() {
      const waiting = held ?? [];
      held = undefined;
      for (const accept of waiting) accept();
    },
    close() {
      return new Promise((closed) => server.close(() => closed()));
    },
  };
}
