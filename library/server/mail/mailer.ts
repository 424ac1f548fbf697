import nodemailer from "nodemailer";
import type { ServerConfig } from "../config/config";
import type { DbOrTx } from "../db/database";
import { nowIso } from "../http/dates";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Writes a message to the outbox (inside the caller's transaction); `Mailer.deliver` sends it after commit. */
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

  /** Records the message in the outbox inside the caller's transaction; delivery happens after commit. */
  queue(db: DbOrTx, message: MailMessage): Promise<number> {
    return queueMail(db, message);
  }

  /** Sends queued messages when SMTP is configured; failures are recorded on the row, never thrown. */
  async deliver(db: DbOrTx, mailID: number): Promise<void> {
    if (!this.transport || !this.config.smtp) return;
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
    }
  }
}
