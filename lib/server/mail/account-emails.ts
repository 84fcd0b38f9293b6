import "server-only";
import { publicOrigin } from "../config";
import type { Mail } from "./send-mail";

// The mails of the account flows. Each link carries a single-use token; the pages it opens are
// app/(public)/reset-password and app/(public)/confirm-email.

const linkTo = (origin: string, page: string, token: string) => `${publicOrigin(origin)}/${page}?token=${encodeURIComponent(token)}`;

export function passwordResetMail({ to, token, origin }: { to: string; token: string; origin: string }): Mail {
  const link = linkTo(origin, "reset-password", token);
  return {
    to,
    link,
    subject: "Reset your Transcript Analytics password",
    text: [
      "Someone asked to reset the password of your Transcript Analytics account.",
      "",
      `Open this link within one hour to choose a new password: ${link}`,
      "",
      `Or enter this reset token on the reset page: ${token}`,
      "",
      "If it was not you, ignore this message; your password stays as it is.",
    ].join("\n"),
  };
}

export function registrationConfirmationMail({ to, token, origin }: { to: string; token: string; origin: string }): Mail {
  const link = linkTo(origin, "confirm-email", token);
  return {
    to,
    link,
    subject: "Confirm your e-mail address for Transcript Analytics",
    text: [
      "Someone registered a Transcript Analytics account with this e-mail address.",
      "",
      `If it was you, open this link within 24 hours to confirm the address: ${link}`,
      "An administrator approves the account once the address is confirmed.",
      "",
      "If it was not you, ignore this message; the registration is never shown to the administrators.",
    ].join("\n"),
  };
}

export function emailChangeConfirmationMail({ to, token, origin }: { to: string; token: string; origin: string }): Mail {
  const link = linkTo(origin, "confirm-email", token);
  return {
    to,
    link,
    subject: "Confirm your new e-mail address for Transcript Analytics",
    text: [
      "Someone asked to use this address for their Transcript Analytics account.",
      "",
      `If it was you, open this link within 24 hours to confirm it: ${link}`,
      "Until then the account keeps its current address.",
      "",
      "If it was not you, ignore this message.",
    ].join("\n"),
  };
}

/** Sent to the old address when a change is asked for, so that its owner learns of a takeover attempt. */
export function emailChangeNoticeMail({ to, newEmail }: { to: string; newEmail: string }): Mail {
  return {
    to,
    subject: "Your Transcript Analytics e-mail address is being changed",
    text: [
      `Someone signed in to your Transcript Analytics account asked to change its e-mail address to ${newEmail}.`,
      "The change takes effect once the new address is confirmed.",
      "",
      "If it was not you, sign in, change your password (this signs out every other device) and tell an administrator.",
    ].join("\n"),
  };
}
