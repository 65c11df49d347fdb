/** Spec §5 and §9: images at most 5 MB, videos at most 10 MB. */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const VIDEO_MAX_BYTES = 10 * 1024 * 1024;

/** What the pickers accept; the server decides by the bytes, not by these. */
export const IMAGE_ACCEPT = "image/png,image/jpeg,image/gif,image/webp,.png,.jpg,.jpeg,.gif,.webp";
export const VIDEO_ACCEPT = "video/mp4,video/webm,.mp4,.webm";

/**
 * The most pixels an image may declare (width × height, 40 megapixels): a browser decodes it to
 * 4 bytes a pixel, so a small file declaring 60000×60000 would ask a visitor's browser for 14 GB.
 */
export const IMAGE_MAX_PIXELS = 40_000_000;
