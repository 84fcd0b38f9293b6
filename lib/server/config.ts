import "server-only";
import { isDemoMode as isDemoModeIn, isFlagOn } from "@/lib/demo-mode.mjs";

/** Demo mode shows password reset tokens on screen instead of mailing them. Off unless DEMO_MODE is set. */
export function isDemoMode(): boolean {
  return isDemoModeIn(process.env);
}

export interface SmtpSettings {
  host: string;
  port: number;
  secure: boolean;
  user?: string;
  pass?: string;
  from: string;
}

/** SMTP settings, or null when no SMTP_HOST is configured. */
export function smtpSettings(): SmtpSettings | null {
  const host = process.env.SMTP_HOST?.trim();
  if (!host) return null;
  const port = Number(process.env.SMTP_PORT) || 587;
  return {
    host,
    port,
    secure: process.env.SMTP_SECURE ? isFlagOn(process.env.SMTP_SECURE) : port === 465,
    user: process.env.SMTP_USER || undefined,
    pass: process.env.SMTP_PASSWORD || undefined,
    from: process.env.SMTP_FROM?.trim() || "Transcript Analytics <no-reply@localhost>",
  };
}

/**
 * The portal's public address for links in e-mails. APP_URL wins; the request's own origin is
 * used only outside production, since a forged Host header must never end up in a reset link.
 */
export function publicOrigin(requestOrigin: string): string {
  const configured = process.env.APP_URL?.trim().replace(/\/+$/, "");
  if (configured) return configured;
  if (process.env.NODE_ENV === "production") {
    throw new Error("APP_URL must be set in production to send password reset links");
  }
  return requestOrigin;
}
