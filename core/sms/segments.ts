// How many SMS parts a text costs, counted as carriers bill it: a text that fits the GSM 03.38
// alphabet goes as 7-bit characters (160 in one part, 153 per part once split, since the
// concatenation header takes the rest); one character outside it turns the whole text into
// UCS-2 (70, then 67 per part). Kept pure so the workflow editor shows the same count the
// sender bills.

/** GSM 03.38 basic character set: one septet each. */
const GSM_BASIC = new Set(
  "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà",
);
/** GSM 03.38 extension table: an escape septet plus the character, two septets each. */
const GSM_EXTENDED = new Set("^{}\\[~]|€\f");

export type SmsEncoding = "GSM-7" | "UCS-2";

export interface SmsSegments {
  encoding: SmsEncoding;
  /** Parts the text is sent in (0 for an empty text). */
  segments: number;
  /** Units used: septets for GSM-7, UTF-16 code units for UCS-2. */
  units: number;
  /** Units one part holds for this text (160/153 or 70/67). */
  perSegment: number;
  /** Units left in the last part before another one starts. */
  remaining: number;
}

export function smsEncoding(text: string): SmsEncoding {
  for (const ch of text) {
    if (!GSM_BASIC.has(ch) && !GSM_EXTENDED.has(ch)) return "UCS-2";
  }
  return "GSM-7";
}

export function countSmsSegments(text: string): SmsSegments {
  const encoding = smsEncoding(text);
  if (encoding === "GSM-7") {
    const units = gsmUnits(text);
    return split(encoding, units, 160, 153, gsmBoundaries(text));
  }
  return split(encoding, text.length, 70, 67, ucs2Boundaries(text));
}

function gsmUnits(text: string): number {
  let units = 0;
  for (const ch of text) units += GSM_EXTENDED.has(ch) ? 2 : 1;
  return units;
}

/** Unit offsets after each character: a part never splits an escape pair. */
function gsmBoundaries(text: string): number[] {
  const ends: number[] = [];
  let at = 0;
  for (const ch of text) {
    at += GSM_EXTENDED.has(ch) ? 2 : 1;
    ends.push(at);
  }
  return ends;
}

/** Code-unit offsets after each code point: a part never splits a surrogate pair. */
function ucs2Boundaries(text: string): number[] {
  const ends: number[] = [];
  let at = 0;
  for (const ch of text) {
    at += ch.length;
    ends.push(at);
  }
  return ends;
}

function split(
  encoding: SmsEncoding,
  units: number,
  single: number,
  multi: number,
  ends: number[],
): SmsSegments {
  if (units === 0) return { encoding, segments: 0, units, perSegment: single, remaining: single };
  if (units <= single) {
    return { encoding, segments: 1, units, perSegment: single, remaining: single - units };
  }
  // Fill parts greedily on character boundaries, as senders do.
  let segments = 1;
  let start = 0;
  let previous = 0;
  for (const end of ends) {
    if (end - start > multi) {
      segments++;
      start = previous;
    }
    previous = end;
  }
  return { encoding, segments, units, perSegment: multi, remaining: multi - (units - start) };
}
