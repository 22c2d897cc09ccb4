/**
 * The drill's SMTP server: it takes every mail, or refuses each with 451 while `refusing` is
 * set, and counts the mails each drill address was named in. An enquiry's mail goes to the
 * agency and names the visitor in its text; an alert's confirmation goes to the visitor, so
 * its envelope recipient names them.
 */
import { SMTPServer } from "smtp-server";
import { freePort } from "../../tests/support/server-process.ts";

/** The drill's addresses: `drill-<client>-<n>@example.com`, `drill-alert-<client>-<n>@…`. */
const drillAddress = /drill-(?:alert-)?[0-9a-f]+-\d+@example\.com/;

export interface MailSink {
  port: number;
  /** While true, every mail is refused with 451 (the sender keeps it and tries again). */
  refusing: boolean;
  /** How many mails named each drill address (the first one a mail names). */
  readonly mailed: Map<string, number>;
  /** The Message-ID of each of those mails: a resend keeps its mail's (decision 092). */
  readonly messageIds: Map<string, string[]>;
  close(): Promise<void>;
}

export async function startMailSink(): Promise<MailSink> {
  const mailed = new Map<string, number>();
  const messageIds = new Map<string, string[]>();
  const sink: MailSink = {
    port: await freePort(),
    refusing: false,
    mailed,
    messageIds,
    close: () => new Promise<void>((closed) => smtp.close(() => closed())),
  };
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        if (sink.refusing) {
          done(Object.assign(new Error("Try again later"), { responseCode: 451 }));
          return;
        }
        const recipients = session.envelope.rcptTo.map((to) => to.address).join(" ");
        // Quoted-printable may break a long line inside an address: join the lines first.
        const text = Buffer.concat(chunks)
          .toString("utf8")
          .replace(/=\r?\n/g, "");
        const address = drillAddress.exec(recipients)?.[0] ?? drillAddress.exec(text)?.[0];
        if (address) {
          mailed.set(address, (mailed.get(address) ?? 0) + 1);
          const messageId = /^Message-ID:\s*(\S+)/im.exec(text)?.[1] ?? "none";
          messageIds.set(address, [...(messageIds.get(address) ?? []), messageId]);
        }
        done();
      });
    },
  });
  await new Promise<void>((listening) => smtp.listen(sink.port, "127.0.0.1", listening));
  return sink;
}
