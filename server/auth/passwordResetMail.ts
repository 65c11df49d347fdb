import { html } from "../mail/html";
import type { MailAddress } from "../mail/mailTypes";
import { type Catalog, stringsFor } from "../mail/templates/catalog";
import { htmlLayout, textFooter } from "../mail/templates/layout";

export interface PasswordResetMailData {
  name: string;
  url: string;
  minutes: number;
}

/** The outbox payload of a password-reset mail (kind "mail"). */
export interface PasswordResetMailPayload {
  template: "passwordReset";
  to: MailAddress;
  language: string;
  data: PasswordResetMailData;
}

interface Strings {
  subject: string;
  greeting: (name: string) => string;
  intro: string;
  button: string;
  expiry: (minutes: number) => string;
  ignore: string;
}

const strings: Catalog<Strings> = {
  en: {
    subject: "Reset your Slotted password",
    greeting: (name) => `Hello ${name},`,
    intro:
      "Someone asked to reset the password of your Slotted account. To choose a new one, open this link:",
    button: "Choose a new password",
    expiry: (minutes) => `The link works once and expires in ${minutes} minutes.`,
    ignore: "If you did not ask for it, ignore this email: your password stays as it is.",
  },
};

/** Subject, text and HTML of the password-reset mail. */
export function passwordResetMail(data: PasswordResetMailData, language: string) {
  const t = stringsFor(strings, language);
  return {
    subject: t.subject,
    text: `${t.greeting(data.name)}\n\n${t.intro}\n\n${data.url}\n\n${t.expiry(data.minutes)} ${t.ignore}\n\n${textFooter(language)}`,
    html: htmlLayout(
      t.subject,
      html`<p style="font-size:14px">${t.greeting(data.name)}</p>
<p style="font-size:14px">${t.intro}</p>
<p style="margin:24px 0"><a href="${data.url}" style="background:#1d4ed8;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:bold">${t.button}</a></p>
<p style="font-size:12px;color:#667085;word-break:break-all">${data.url}</p>
<p style="font-size:14px;color:#667085">${t.expiry(data.minutes)} ${t.ignore}</p>`,
      language,
    ),
  };
}
