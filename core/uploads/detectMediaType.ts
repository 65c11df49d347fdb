export type ImageType = "image/png" | "image/jpeg" | "image/gif" | "image/webp";
export type VideoType = "video/mp4" | "video/webm";
export type MediaType = ImageType | VideoType;

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((byte, i) => bytes[offset + i] === byte);
}

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/**
 * The media type of a file by its first bytes (magic numbers), or null when it is none of the
 * accepted image and video formats. Names and declared types are never trusted.
 */
export function detectMediaType(bytes: Uint8Array): MediaType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(bytes, ascii("GIF87a")) || startsWith(bytes, ascii("GIF89a"))) return "image/gif";
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) return "image/webp";
  // ISO base media: a box size, then "ftyp" and a brand; QuickTime ("qt  ") is not MP4.
  if (startsWith(bytes, ascii("ftyp"), 4) && !startsWith(bytes, ascii("qt  "), 8)) {
    return "video/mp4";
  }
  if (startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3])) return "video/webm";
  return null;
}

/** Whether `type` is one of the image types. */
export function isImageType(type: MediaType): type is ImageType {
  return type.startsWith("image/");
}
