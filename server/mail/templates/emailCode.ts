import { html } from "../html";
import type { EmailCodeData } from "../mailTypes";
import { type Catalog, stringsFor } from "./catalog";
import { htmlLayout, textFooter } from "./layout";

interface Strings {
  subject: (code: string) => string;
  intro: (title: string | null) => string;
  expiry: (minutes: number) => string;
  ignore: string;
}

const strings: Catalog<Strings> = {
  en: {
    subject: (code) => `${code} is your verification code`,
    intro: (title) =>
      title
        ? `Enter this code to book ${title}:`
        : "Enter this code to confirm your email address:",
    expiry: (minutes) => `The code expires in ${minutes} minutes.`,
    ignore: "If you did not ask for it, ignore this email.",
  },
};

/** The email verification code a booking page asks for. */
export function emailCode(data: EmailCodeData, language: string) {
  const t = stringsFor(strings, language);
  const subject = t.subject(data.code);
  return {
    subject,
    text: `${t.intro(data.title)}\n\n${data.code}\n\n${t.expiry(data.minutes)} ${t.ignore}\n\n${textFooter(language)}`,
    html: htmlLayout(
      subject,
      html`<p style="font-size:14px">${t.intro(data.title)}</p>
<p style="font-size:32px;letter-spacing:8px;font-weight:bold;margin:16px 0">${data.code}</p>
<p style="font-size:14px;color:#667085">${t.expiry(data.minutes)} ${t.ignore}</p>`,
      language,
    ),
  };
}
