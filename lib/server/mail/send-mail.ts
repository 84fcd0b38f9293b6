import "server-only";
import nodemailer from "nodemailer";
import { smtpSettings } from "../config";

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** The link the mail carries, if any: a credential (it confirms or resets) until it is used. */
  link?: string;
}

/**
 * Sends a mail through SMTP. Without SMTP nothing is sent: outside production the mail's link is
 * written to the server log so that a developer can follow it; in production only the fact that
 * mail is not configured is logged (the mail is not even built), since anyone reading the log
 * could use a link found there.
 */
export async function sendMail(kind: string, build: () => Mail): Promise<void> {
  const smtp = smtpSettings();
  if (!smtp) {
    const mail = process.env.NODE_ENV === "production" ? null : build();
    if (mail?.link) console.info(`[${kind}] SMTP is not configured; link for ${mail.to}: ${mail.link}`);
    else console.warn(`[${kind}] SMTP is not configured: the e-mail was not sent`);
    return;
  }
  const mail = build();
  const transport = nodemailer.createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.secure,
    auth: smtp.user ? { user: smtp.user, pass: smtp.pass } : undefined,
  });
  await transport.sendMail({ from: smtp.from, to: mail.to, subject: mail.subject, text: mail.text });
}
