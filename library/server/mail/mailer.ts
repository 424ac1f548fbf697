import nodemailer from "nodemailer";
import type { ServerConfig } from "../config/config";
import type { Db, DbOrTx } from "../db/database";
import type { JobQueue } from "../jobs/jobQueue";
import { nowIso } from "../http/dates";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Writes a message to the outbox (inside the caller's transaction); `Mailer.deliver` has it sent. */
export async function queueMail(db: DbOrTx, message: MailMessage): Promise<number> {
  const row = await db
    .insertInto("mailOutbox")
    .values({
      to: message.to,
      subject: message.subject,
      bodyText: message.text,
      dateInserted: nowIso(),
      dateSent: null,
      error: null,
    })
    .returning("mailID")
    .executeTakeFirstOrThrow();
  return row.mailID;
}

/**
 * Mail goes through SMTP when it is configured; otherwise it is kept in the `mailOutbox` table, so
 * confirmation and reset links still work on a machine without a mail server.
 */
export class Mailer {
  private readonly transport: nodemailer.Transporter | null;
  private jobs: JobQueue | null = null;
  private database: Db | null = null;

  constructor(private readonly config: ServerConfig) {
    const smtp = config.smtp;
    this.transport = smtp
      ? nodemailer.createTransport({
          host: smtp.host,
          port: smtp.port,
          secure: smtp.port === 465,
          ...(smtp.user ? { auth: { user: smtp.user, pass: smtp.password ?? "" } } : {}),
        })
      : null;
  }

  /** Sending runs as the `mail.send` job, never inside a request. */
  useJobs(jobs: JobQueue, db: Db): void {
    this.jobs = jobs;
    this.database = db;
    jobs.define<{ mailID: number }>("mail.send", ({ mailID }) => this.send(mailID), {
      owner: "core",
      maxAttempts: 8,
      backoffSeconds: 30,
    });
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
    if (!this.transport || !this.jobs) return;
    await this.jobs.enqueue(db, "mail.send", { mailID }, { uniqueKey: `mail:${mailID}` });
  }

  /** The `mail.send` job: one SMTP delivery; a failure is recorded on the row and thrown, so the job retries. */
  private async send(mailID: number): Promise<void> {
    const db = this.database;
    if (!this.transport || !this.config.smtp || !db) return;
    const mail = await db
      .selectFrom("mailOutbox")
      .selectAll()
      .where("mailID", "=", mailID)
      .executeTakeFirst();
    if (!mail || mail.dateSent) return;
    try {
      await this.transport.sendMail({
        from: this.config.smtp.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.bodyText,
      });
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
