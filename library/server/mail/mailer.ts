import type nodemailer from "nodemailer";
import type { ServerConfig } from "../config/config";
import type { MailOutboxTable } from "../db/coreTables";
import type { Db, DbOrTx } from "../db/database";
import type { JobQueue } from "../jobs/jobQueue";
import { nowIso } from "../http/dates";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** Absolute one-click unsubscribe address: sent as `List-Unsubscribe` with `List-Unsubscribe-Post`. */
  unsubscribeUrl?: string | null;
  /** An HTML part sent beside `text` (mail programs show it; `text` stays the plain-text part). */
  html?: string | null;
}

/** An outbox row for `message`, not sent yet. */
function outboxRow(message: MailMessage, sourceKey: string | null = null) {
  return {
    to: message.to,
    subject: message.subject,
    bodyText: message.text,
    dateInserted: nowIso(),
    dateSent: null,
    error: null,
    unsubscribeUrl: message.unsubscribeUrl ?? null,
    ...(message.html ? { bodyHtml: message.html } : {}),
    ...(sourceKey !== null ? { sourceKey } : {}),
  };
}

/** Writes a message to the outbox (inside the caller's transaction); `Mailer.deliver` has it sent. */
export async function queueMail(db: DbOrTx, message: MailMessage): Promise<number> {
  const row = await db
    .insertInto("mailOutbox")
    .values(outboxRow(message))
    .returning("mailID")
    .executeTakeFirstOrThrow();
  return row.mailID;
}

/**
 * Writes a message caused by `sourceKey` (an event, such as `comment:12`) to the outbox, once per cause and
 * address: when that message is already there (a job run again after a crash) nothing is written and the answer
 * is null.
 */
export async function queueMailOnce(
  db: DbOrTx,
  message: MailMessage,
  sourceKey: string,
): Promise<number | null> {
  const row = await db
    .insertInto("mailOutbox")
    .values(outboxRow(message, sourceKey))
    .onConflict((conflict) => conflict.columns(["sourceKey", "to"]).doNothing())
    .returning("mailID")
    .executeTakeFirst();
  return row?.mailID ?? null;
}

export type SmtpOptions = NonNullable<ServerConfig["smtp"]>;

/**
 * What goes to the SMTP server for an outbox row. Mail with an unsubscribe address carries the RFC 8058
 * one-click headers, so mail programs show an Unsubscribe button that works without signing in.
 */
export function outgoingMail(
  row: Pick<MailOutboxTable, "to" | "subject" | "bodyText" | "unsubscribeUrl"> & { bodyHtml?: string | null },
  from: string,
): nodemailer.SendMailOptions {
  return {
    from,
    to: row.to,
    subject: row.subject,
    text: row.bodyText,
    ...(row.bodyHtml ? { html: row.bodyHtml } : {}),
    ...(row.unsubscribeUrl
      ? {
          headers: {
            "List-Unsubscribe": `<${row.unsubscribeUrl}>`,
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
          },
        }
      : {}),
  };
}

/**
 * Mail goes through SMTP when it is configured; otherwise it is kept in the `mailOutbox` table, so
 * confirmation and reset links still work on a machine without a mail server.
 */
export class Mailer {
  private jobs: JobQueue | null = null;
  private database: Db | null = null;
  /** SMTP set by the administrator (stored settings), which takes over from the environment's. */
  private storedSmtp: () => Promise<SmtpOptions | null> = () => Promise.resolve(null);
  private transport: { key: string; transporter: nodemailer.Transporter } | null = null;

  constructor(private readonly config: ServerConfig) {}

  /** The application that owns the SMTP settings hands over how to read them. */
  useStoredSmtp(read: () => Promise<SmtpOptions | null>): void {
    this.storedSmtp = read;
  }

  /** The SMTP server mail goes through now, or null when mail stays in the outbox. */
  async smtp(): Promise<SmtpOptions | null> {
    return (await this.storedSmtp()) ?? this.config.smtp;
  }

  private async transporterFor(smtp: SmtpOptions): Promise<nodemailer.Transporter> {
    const key = JSON.stringify(smtp);
    if (this.transport?.key === key) return this.transport.transporter;
    // The SMTP client is loaded with the first message sent: a site whose mail stays in the outbox never loads it.
    const { createTransport } = await import("nodemailer");
    const transporter = createTransport({
      host: smtp.host,
      port: smtp.port,
      secure: smtp.port === 465,
      ...(smtp.user ? { auth: { user: smtp.user, pass: smtp.password ?? "" } } : {}),
    });
    this.transport = { key, transporter };
    return transporter;
  }

  /** Sending runs as the `mail.send` job, never inside a request. */
  useJobs(jobs: JobQueue, db: Db): void {
    this.jobs = jobs;
    this.database = db;
    // The outbox is cached nowhere: a sent message retires no cache.
    jobs.define<{ mailID: number }>(
      "mail.send",
      ({ mailID }, job) => {
        job.noteChanged();
        return this.send(mailID);
      },
      {
        owner: "core",
        maxAttempts: 8,
        backoffSeconds: 30,
      },
    );
  }

  /** Records the message in the outbox inside the caller's transaction; delivery happens after commit. */
  queue(db: DbOrTx, message: MailMessage): Promise<number> {
    return queueMail(db, message);
  }

  /**
   * Has a queued message sent when SMTP is configured: enqueues the `mail.send` job (pass the transaction that
   * queued the mail, or the database after commit). Without SMTP the message stays in the outbox.
   */
  async deliver(db: DbOrTx, mailID: number): Promise<void> {
    if (!this.jobs || !(await this.smtp())) return;
    await this.jobs.enqueue(db, "mail.send", { mailID }, { uniqueKey: `mail:${mailID}` });
  }

  /**
   * Enqueues the `mail.send` job of a queued message inside the transaction that queued it, whether or not SMTP is
   * configured (the caller checked that before its transaction; reading the settings inside it could wait on
   * its own connection).
   */
  async enqueueSend(db: DbOrTx, mailID: number): Promise<void> {
    await this.jobs?.enqueue(db, "mail.send", { mailID }, { uniqueKey: `mail:${mailID}` });
  }

  /** The `mail.send` job: one SMTP delivery; a failure is recorded on the row and thrown, so the job retries. */
  private async send(mailID: number): Promise<void> {
    const db = this.database;
    const smtp = await this.smtp();
    if (!smtp || !db) return;
    const mail = await db
      .selectFrom("mailOutbox")
      .selectAll()
      .where("mailID", "=", mailID)
      .executeTakeFirst();
    if (!mail || mail.dateSent) return;
    try {
      await (await this.transporterFor(smtp)).sendMail(outgoingMail(mail, smtp.from));
      await db
        .updateTable("mailOutbox")
        .set({ dateSent: nowIso(), error: null })
        .where("mailID", "=", mailID)
        .execute();
    } catch (error) {
      await db
        .updateTable("mailOutbox")
        .set({ error: error instanceof Error ? error.message : String(error) })
        .where("mailID", "=", mailID)
        .execute();
      throw error;
    }
  }
}
