// Typography that Intl and hosts' texts bring (the thin and narrow no-break spaces and the en
// dash of "15:00 – 15:30", curly quotes, an ellipsis) lies outside GSM-7: one such character
// turns a whole text into UCS-2, 70 characters a part instead of 160, so an English reminder
// costs two or three parts instead of one. Each has a plain GSM-7 look-alike.
const PLAIN: Readonly<Record<string, string>> = {
  "\u00a0": " ",
  "\u2002": " ",
  "\u2003": " ",
  "\u2004": " ",
  "\u2005": " ",
  "\u2006": " ",
  "\u2007": " ",
  "\u2008": " ",
  "\u2009": " ",
  "\u200a": " ",
  "\u202f": " ",
  "\u2010": "-",
  "\u2011": "-",
  "\u2012": "-",
  "\u2013": "-",
  "\u2014": "-",
  "\u2212": "-",
  "\u2018": "'",
  "\u2019": "'",
  "\u201a": "'",
  "\u201c": '"',
  "\u201d": '"',
  "\u201e": '"',
  "\u2026": "...",
};
const TYPOGRAPHY = new RegExp(`[${Object.keys(PLAIN).join("")}]`, "g");

/**
 * A text message with its typographic spaces, dashes, quotes and ellipses written as their
 * GSM-7 look-alikes, so only letters outside GSM-7 (Arabic, emoji) make it UCS-2. Pure.
 */
export function plainSmsText(text: string): string {
  return text.replace(TYPOGRAPHY, (ch) => PLAIN[ch] ?? ch);
}
