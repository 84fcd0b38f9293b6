import "server-only";
import nodemailer from "nodemailer";
import { publicOrigin, smtpSettings } from "../config";

/** Mails the reset link through SMTP, or writes it to the server log when SMTP is not configured. */
export async function sendPasswordResetEmail(input: { to: string; token: string; origin: string }): Promise<void> {
  const link = `${publicOrigin(input.origin)}/reset-password?token=${encodeURIComponent(input.token)}`;
  const smtp = smtpSettings();
  if (!smtp) {
    console.info(`[password reset] SMTP is not configured; reset link for ${input.to}: ${link}`);
    return;
  }
  const transport = nodemailer.createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.secure,
    auth: smtp.user ? { user: smtp.user, pass: smtp.pass } : undefined,
  });
  await transport.sendMail({
    from: smtp.from,
    to: input.to,
    subject: "Reset your Transcript Analytics password",
    text: [
      "Someone asked to reset the password of your Transcript Analytics account.",
      "",
      `Open this link within one hour to choose a new password: ${link}`,
      "",
      `Or enter this reset token on the reset page: ${input.token}`,
      "",
      "If it was not you, ignore this message; your password stays as it is.",
    ].join("\n"),
  });
}
