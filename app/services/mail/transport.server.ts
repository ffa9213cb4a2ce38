import nodemailer from "nodemailer";

export type OutgoingMail = {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  date: Date;
  headers: Record<string, string>;
};

/** What the mail server said: delivered, try again later, or never (a permanent refusal). */
export type SendOutcome = { ok: true } | { ok: false; permanent: boolean; error: string };

export type MailTransport = {
  send(mail: OutgoingMail): Promise<SendOutcome>;
  close(): void;
};

/**
 * Sends through the SMTP server of SMTP_URL (nodemailer; STARTTLS when the server offers it, TLS from the start for
 * smtps://), over a small pool of connections. A 5xx reply is permanent; a 4xx reply, a refused or dropped
 * connection and a timeout are temporary.
 */
export function smtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport({
    url,
    pool: true,
    maxConnections: 2,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    async send(mail) {
      try {
        // Reply-To is an address header: nodemailer's own option formats and encodes it (a name in any script).
        const { "Reply-To": replyTo, ...headers } = mail.headers;
        await transporter.sendMail({
          from: mail.from,
          to: mail.to,
          replyTo,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          messageId: mail.messageId,
          date: mail.date,
          headers,
        });
        return { ok: true };
      } catch (err) {
        const e = err as { responseCode?: number; response?: string; code?: string; message?: string };
        const code = typeof e.responseCode === "number" ? e.responseCode : null;
        const error = (e.response ?? e.message ?? String(err)).slice(0, 500);
        return { ok: false, permanent: code !== null && code >= 500 && code < 600, error };
      }
    },
    close() {
      transporter.close();
    },
  };
}
