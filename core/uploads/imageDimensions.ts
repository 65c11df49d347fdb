import { detectMediaType, type ImageType, isImageType } from "./detectMediaType";

/** An image's type and pixel size, as its own header states them. */
export interface ImageDimensions {
  type: ImageType;
  width: number;
  height: number;
}

const u16be = (b: Uint8Array, i: number) => (b[i]! << 8) | b[i + 1]!;
const u16le = (b: Uint8Array, i: number) => b[i]! | (b[i + 1]! << 8);
const u24le = (b: Uint8Array, i: number) => b[i]! | (b[i + 1]! << 8) | (b[i + 2]! << 16);
const u32be = (b: Uint8Array, i: number) => u16be(b, i) * 0x10000 + u16be(b, i + 2);

/** JPEG start-of-frame markers (C0–CF less DHT C4, JPG C8 and DAC CC) carry the frame size. */
const isStartOfFrame = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

/** The EXIF orientation (1–8) in an APP1 segment's body starting at `at`, or 1. */
function exifOrientation(b: Uint8Array, at: number, end: number): number {
  if (String.fromCharCode(...b.subarray(at, at + 4)) !== "Exif") return 1;
  const tiff = at + 6;
  const little = b[tiff] === 0x49;
  const u16 = (i: number) => (little ? u16le(b, i) : u16be(b, i));
  const u32 = (i: number) => (little ? u16le(b, i) + u16le(b, i + 2) * 0x10000 : u32be(b, i));
  if (tiff + 8 > end) return 1;
  const ifd = tiff + u32(tiff + 4);
  if (ifd + 2 > end) return 1;
  const entries = u16(ifd);
  for (let n = 0; n < entries; n++) {
    const entry = ifd + 2 + n * 12;
    if (entry + 12 > end) return 1;
    if (u16(entry) === 0x0112) return u16(entry + 8);
  }
  return 1;
}

function jpegSize(b: Uint8Array): [number, number] | null {
  let orientation = 1;
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1]!;
    // Fill bytes, and markers without a length (RST, TEM).
    if (marker === 0xff) {
      i += 1;
      continue;
    }
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      i += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null;
    const length = u16be(b, i + 2);
    if (marker === 0xe1)
      orientation = exifOrientation(b, i + 4, Math.min(b.length, i + 2 + length));
    if (isStartOfFrame(marker)) {
      const stored: [number, number] = [u16be(b, i + 7), u16be(b, i + 5)];
      // Orientations 5–8 turn the picture a quarter: browsers show it (and resize it) that way.
      return orientation >= 5 && orientation <= 8 ? [stored[1], stored[0]] : stored;
    }
    i += 2 + length;
  }
  return null;
}

function webpSize(b: Uint8Array): [number, number] | null {
  if (b.length < 30) return null;
  const chunk = String.fromCharCode(b[12]!, b[13]!, b[14]!, b[15]!);
  if (chunk === "VP8 ") {
    // A key frame's start code, then 14-bit width and height.
    if (b[23] !== 0x9d || b[24] !== 0x01 || b[25] !== 0x2a) return null;
    return [u16le(b, 26) & 0x3fff, u16le(b, 28) & 0x3fff];
  }
  if (chunk === "VP8L") {
    if (b[20] !== 0x2f) return null;
    const bits = b[21]! | (b[22]! << 8) | (b[23]! << 16) | (b[24]! << 24);
    return [(bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1];
  }
  if (chunk === "VP8X") return [u24le(b, 24) + 1, u24le(b, 27) + 1];
  return null;
}

/**
 * The type, width and height an image's header declares (PNG, JPEG, GIF, WebP), as shown (a
 * JPEG's EXIF orientation applied), or null when the bytes are no image of these types or their
 * header cannot be read. Reads only the header: whether the rest decodes is the browser's
 * business.
 */
export function imageDimensions(bytes: Uint8Array): ImageDimensions | null {
  const type = detectMediaType(bytes);
  if (type === null || !isImageType(type)) return null;
  let size: [number, number] | null = null;
  if (type === "image/png") {
    // The first chunk is IHDR: width and height right after its type.
    const ihdr = String.fromCharCode(...bytes.subarray(12, 16)) === "IHDR";
    size = ihdr && bytes.length >= 24 ? [u32be(bytes, 16), u32be(bytes, 20)] : null;
  } else if (type === "image/gif") {
    size = bytes.length >= 10 ? [u16le(bytes, 6), u16le(bytes, 8)] : null;
  } else if (type === "image/jpeg") {
    size = jpegSize(bytes);
  } else {
    size = webpSize(bytes);
  }
  if (size === null || size[0] <= 0 || size[1] <= 0) return null;
  return { type, width: size[0], height: size[1] };
}
