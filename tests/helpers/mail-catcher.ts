// A real SMTP server on a free loopback port that keeps what it receives, and the environment that
// points the portal's mail at it (SMTP_* and APP_URL) for the tests of one describe block.
import { SMTPServer } from "smtp-server";
import type { AddressInfo } from "node:net";
import { afterResponseWorkSettled } from "@/lib/server/mail/after-response";

export interface ReceivedMail {
  to: string[];
  /** The message as sent, quoted-printable undone. */
  text: string;
}

export const MAIL_APP_URL = "https://portal.example.com";

/** Sets environment variables for each test of the enclosing block and restores them after it. */
export function withEnv(values: Record<string, string | undefined>) {
  const saved: Record<string, string | undefined> = {};
  beforeEach(() => {
    for (const [key, value] of Object.entries(values)) {
      saved[key] = process.env[key];
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  });
  afterEach(() => {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  });
}

/** Starts the catcher for the enclosing block and configures the portal to mail through it. */
export function catchMail() {
  const received: ReceivedMail[] = [];
  let server: SMTPServer;
  let port = 0;
  /** Set while deliveries are held: the accepts owed to the portal, given when the hold ends. */
  let held: (() => void)[] | null = null;
  const releaseHeld = () => {
    const owed = held ?? [];
    held = null;
    for (const accept of owed) accept();
  };

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      onData(stream, session, callback) {
        let raw = "";
        stream.on("data", (chunk: Buffer) => (raw += chunk.toString("utf8")));
        stream.on("end", () => {
          received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), text: unquote(raw) });
          const accept = () => callback();
          if (held) held.push(accept);
          else accept();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  withEnv({
    DEMO_MODE: undefined,
    SMTP_HOST: "127.0.0.1",
    SMTP_SECURE: "false",
    SMTP_FROM: "Portal <portal@example.com>",
    APP_URL: MAIL_APP_URL,
  });
  beforeEach(() => {
    process.env.SMTP_PORT = String(port);
  });
  afterEach(async () => {
    releaseHeld();
    await afterResponseWorkSettled();
    delete process.env.SMTP_PORT;
  });

  return {
    received,
    /**
     * Holds the server's accept of each mail (a mail server that does not answer) until the returned
     * function is called, or the test ends.
     */
    holdDeliveries(): () => void {
      held = [];
      return releaseHeld;
    },
    /** Every mail sent to the address so far, once the portal's mail work has ended. */
    async mailsTo(address: string): Promise<ReceivedMail[]> {
      await afterResponseWorkSettled();
      return received.filter((mail) => mail.to.includes(address));
    },
    /** The token of the newest link to `page` mailed to the address. */
    async linkToken(address: string, page: "reset-password" | "confirm-email"): Promise<string> {
      const pattern = new RegExp(`${MAIL_APP_URL.replace(/\./g, "\\.")}/${page}\\?token=([A-Za-z0-9_%-]+)`);
      const mails = (await this.mailsTo(address)).filter((mail) => pattern.test(mail.text));
      const match = mails.at(-1)?.text.match(pattern);
      if (!match) throw new Error(`no ${page} link was mailed to ${address}`);
      return decodeURIComponent(match[1]);
    },
  };
}

/** Undoes quoted-printable: soft line breaks and =XX escapes. */
function unquote(raw: string): string {
  return raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}
