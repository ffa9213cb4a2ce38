/**
 * The per-file upload limit. The server enforces it (unless STORAGE_MAX_UPLOAD_BYTES overrides it) and the upload
 * screens quote it, so both read this one value.
 */
export const STORAGE_MAX_UPLOAD_BYTES = 25 * 1024 * 1024;
