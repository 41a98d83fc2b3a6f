import { createServer } from "node:net";
import { SMTPServer } from "smtp-server";
import type { Db } from "@/db/client";
import { drainOutbox } from "@/lib/outbox/deliver-outbox";
import { smtpMailer } from "@/lib/outbox/mailer";

export type ReceivedMail = {
  to: string[];
  messageId: string;
  subject: string;
  text: string;
  html: string | null;
  /** A header of the message as received (folded lines unfolded), "" when absent. */
  header: (name: string) => string;
};

/**
 * A real SMTP listener on 127.0.0.1 that keeps what it receives (and hands each message to `onMail`). While `refuse`
 * is true (it can be switched at any time), or for a message `refuses` says yes to, it answers with 554.
 */
export async function startSmtpListener(
  opts: {
    port?: number;
    refuse?: boolean;
    delayMs?: number;
    refuses?: (mail: ReceivedMail) => boolean;
    onMail?: (mail: ReceivedMail) => void;
  } = {},
) {
  const mails: ReceivedMail[] = [];
  const mode = { refuse: opts.refuse ?? false };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const mail = parseMail(
          Buffer.concat(chunks).toString("utf8"),
          session.envelope.rcptTo.map((r) => r.address),
        );
        if (mode.refuse || opts.refuses?.(mail)) {
          callback(Object.assign(new Error("Message refused by policy"), { responseCode: 554 }));
          return;
        }
        mails.push(mail);
        opts.onMail?.(mail);
        setTimeout(() => callback(null), opts.delayMs ?? 0);
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once("error", reject);
    server.listen(opts.port ?? 0, "127.0.0.1", () => resolve());
  });
  const port = (server.server.address() as { port: number }).port;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    mails,
    setRefuse: (refuse: boolean) => {
      mode.refuse = refuse;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type SmtpListener = Awaited<ReturnType<typeof startSmtpListener>>;

/** A port on 127.0.0.1 where nothing listens (yet). */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** One MIME part: its headers (folded lines unfolded) and its body. */
function splitPart(raw: string) {
  const at = raw.indexOf("\r\n\r\n");
  const head = (at < 0 ? raw : raw.slice(0, at)).replace(/\r\n[ \t]+/g, " ");
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, "im").exec(head)?.[1]?.trim() ?? "";
  return { header, body: at < 0 ? "" : raw.slice(at + 4) };
}

function decodeBody({ header, body }: ReturnType<typeof splitPart>): string {
  const encoding = header("Content-Transfer-Encoding");
  if (/base64/i.test(encoding)) return Buffer.from(body, "base64").toString("utf8").replace(/\r\n/g, "\n");
  const text = /quoted-printable/i.test(encoding)
    ? Buffer.from(
        body
          .replace(/=\r\n/g, "")
          .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
        "latin1",
      ).toString("utf8")
    : body;
  return text.replace(/\r\n/g, "\n");
}

/** A received message: its plain-text part as `text`, and its HTML part (null when it has none). */
function parseMail(raw: string, to: string[]): ReceivedMail {
  const message = splitPart(raw);
  const boundary = /boundary="?([^";]+)"?/i.exec(message.header("Content-Type"))?.[1];
  const parts = boundary
    ? message.body
        .split(`--${boundary}`)
        .slice(1, -1)
        .map((p) => splitPart(p.replace(/^\r\n/, "").replace(/\r\n$/, "")))
    : [message];
  const partOf = (type: string) =>
    parts.find((p) => (p.header("Content-Type") || "text/plain").toLowerCase().startsWith(type));
  const text = partOf("text/plain");
  const html = partOf("text/html");
  return {
    to,
    messageId: message.header("Message-ID"),
    subject: decodeWords(message.header("Subject")),
    header: message.header,
    text: text ? decodeBody(text) : "",
    html: html ? decodeBody(html) : null,
  };
}

/** RFC 2047 encoded words (=?UTF-8?Q?...?= / =?UTF-8?B?...?=), as nodemailer writes headers with quotes. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_, enc: string, data: string) =>
      enc.toUpperCase() === "B"
        ? Buffer.from(data, "base64").toString("utf8")
        : Buffer.from(
            data
              .replace(/_/g, " ")
              .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            "latin1",
          ).toString("utf8"),
    );
}

/** Sends what the outbox holds to a listener of its own and returns what it received. */
export async function deliveredMails(db: Db): Promise<ReceivedMail[]> {
  const smtp = await startSmtpListener();
  try {
    await drainOutbox(db, smtpMailer(smtp.url));
    return smtp.mails;
  } finally {
    await smtp.close();
  }
}
