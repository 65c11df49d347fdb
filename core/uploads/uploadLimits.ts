/** Spec §5 and §9: images at most 5 MB, videos at most 10 MB. */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const VIDEO_MAX_BYTES = 10 * 1024 * 1024;

/** What the pickers accept; the server decides by the bytes, not by these. */
export const IMAGE_ACCEPT = "image/png,image/jpeg,image/gif,image/webp,.png,.jpg,.jpeg,.gif,.webp";
export const VIDEO_ACCEPT = "video/mp4,video/webm,.mp4,.webm";

/** The spec's upload messages (§8). */
export const UPLOAD_MESSAGES = {
  imageTooLarge: "Image too large. Images can be at most 5 MB.",
  videoTooLarge: "Video too large. Videos can be at most 10 MB.",
  invalidFileType: "Invalid file type. Use a PNG, JPG, GIF or WebP image.",
  invalidVideoFileType: "Invalid video file type. Use an MP4 or WebM video.",
} as const;
