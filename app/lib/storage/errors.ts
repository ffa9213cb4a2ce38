/**
 * The storage error catalogue. Codes carry the `storage/` prefix; the messages quoted are
 * kept word for word, because clients match on them. Shared by the server router and the browser client.
 */
export const STORAGE_ERROR_CODES = [
  "unknown",
  "object-not-found",
  "bucket-not-found",
  "project-not-found",
  "quota-exceeded",
  "unauthenticated",
  "unauthorized",
  "unauthorized-app",
  "retry-limit-exceeded",
  "invalid-checksum",
  "canceled",
  "invalid-event-name",
  "invalid-url",
  "invalid-default-bucket",
  "no-default-bucket",
  "cannot-slice-blob",
  "server-file-wrong-size",
  "no-download-url",
  "invalid-argument",
  "invalid-argument-count",
  "app-deleted",
  "invalid-root-operation",
  "invalid-format",
  "internal-error",
  "unsupported-environment",
  "payload-too-large",
  "unsupported-media-type",
] as const;

export type StorageErrorCode = (typeof STORAGE_ERROR_CODES)[number];
export type StorageErrorPayload = { code: `storage/${StorageErrorCode}`; message: string; status: number };

/** Default HTTP status for each code when it travels over the wire. */
const STATUS: Partial<Record<StorageErrorCode, number>> = {
  "object-not-found": 404,
  "bucket-not-found": 404,
  "project-not-found": 404,
  "quota-exceeded": 402,
  unauthenticated: 401,
  "unauthorized-app": 401,
  unauthorized: 403,
  "invalid-argument": 400,
  "invalid-format": 400,
  "invalid-url": 400,
  "invalid-root-operation": 400,
  "invalid-checksum": 400,
  "no-download-url": 404,
  "payload-too-large": 413,
  "unsupported-media-type": 415,
  "retry-limit-exceeded": 0,
  canceled: 0,
};

export function storageStatus(code: StorageErrorCode): number {
  return STATUS[code] ?? 500;
}

export const STORAGE_MESSAGES = {
  unknown: "An unknown error occurred, please check the error payload for server response.",
  unauthenticated: "User is not authenticated, please authenticate using Firebase Authentication and try again.",
  unauthorizedApp: "This app does not have permission to access Firebase Storage on this project.",
  retryLimitExceeded: "Max retry time for operation exceeded, please try again.",
  canceled: "User canceled the upload/download.",
  noDownloadUrl: "The given file does not have any download URLs.",
  invalidRootOperation: "The operation cannot be performed on a root reference, create a non-root reference.",
  internalError: "Internal error encountered.",
  unauthorized: (path: string) => `User does not have permission to access '${path}'.`,
  objectNotFound: (path: string) => `Object '${path}' does not exist.`,
  quotaExceeded: (bucket: string) =>
    `The storage of '${bucket}' is full (its quota is reached); nothing was stored. Delete files you no longer need in the media library, or ask the site's operator to raise STORAGE_QUOTA_BYTES.`,
  invalidFormat: (format: string, message: string) => `String does not match format '${format}': ${message}`,
  invalidArgument: (message: string) => message,
  payloadTooLarge: (limitBytes: number) =>
    `The file is larger than the ${formatBytes(limitBytes)} upload limit; nothing was stored.`,
  unsupportedType: (detected: string) =>
    `This type of file is not accepted (${detected}). Upload a JPEG, PNG, WebP, GIF, AVIF or SVG image, a PDF, or MP3, M4A or OGG audio.`,
} as const;

/** An error with a catalogue code; `status` is the HTTP status the server answers with (0 for client-side). */
export class StorageError extends Error {
  override name = "StorageError";
  readonly code: `storage/${StorageErrorCode}`;
  readonly status: number;
  /** Server response body, when the error came from one. */
  serverResponse: string | null = null;

  constructor(code: StorageErrorCode, message: string, status = storageStatus(code)) {
    super(message);
    this.code = `storage/${code}`;
    this.status = status;
  }

  get shortCode(): StorageErrorCode {
    return this.code.slice("storage/".length) as StorageErrorCode;
  }

  toJSON(): { error: StorageErrorPayload } {
    return { error: { code: this.code, message: this.message, status: this.status } };
  }
}

export const storageErrors = {
  unknown: () => new StorageError("unknown", STORAGE_MESSAGES.unknown),
  objectNotFound: (path: string) => new StorageError("object-not-found", STORAGE_MESSAGES.objectNotFound(path)),
  unauthenticated: () => new StorageError("unauthenticated", STORAGE_MESSAGES.unauthenticated),
  unauthorized: (path: string) => new StorageError("unauthorized", STORAGE_MESSAGES.unauthorized(path)),
  quotaExceeded: (bucket: string) => new StorageError("quota-exceeded", STORAGE_MESSAGES.quotaExceeded(bucket)),
  retryLimitExceeded: () => new StorageError("retry-limit-exceeded", STORAGE_MESSAGES.retryLimitExceeded),
  canceled: () => new StorageError("canceled", STORAGE_MESSAGES.canceled),
  noDownloadUrl: () => new StorageError("no-download-url", STORAGE_MESSAGES.noDownloadUrl),
  invalidArgument: (message: string) => new StorageError("invalid-argument", message),
  invalidFormat: (format: string, message: string) =>
    new StorageError("invalid-format", STORAGE_MESSAGES.invalidFormat(format, message)),
  invalidRootOperation: () => new StorageError("invalid-root-operation", STORAGE_MESSAGES.invalidRootOperation),
  payloadTooLarge: (limit: number) => new StorageError("payload-too-large", STORAGE_MESSAGES.payloadTooLarge(limit)),
  unsupportedType: (detected: string) =>
    new StorageError("unsupported-media-type", STORAGE_MESSAGES.unsupportedType(detected)),
  internal: () => new StorageError("internal-error", STORAGE_MESSAGES.internalError),
};

/** Rebuilds a StorageError from a JSON error body; anything unrecognised becomes storage/unknown. */
export function storageErrorFromPayload(body: unknown, httpStatus: number): StorageError {
  const e = (body as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  if (e && typeof e.code === "string" && e.code.startsWith("storage/") && typeof e.message === "string") {
    const short = e.code.slice("storage/".length);
    if ((STORAGE_ERROR_CODES as readonly string[]).includes(short)) {
      return new StorageError(short as StorageErrorCode, e.message, httpStatus);
    }
  }
  const err = new StorageError("unknown", STORAGE_MESSAGES.unknown, httpStatus);
  err.serverResponse = typeof body === "string" ? body : JSON.stringify(body);
  return err;
}

export function formatBytes(n: number): string {
  if (n >= 1024 ** 3) return `${Math.round((n / 1024 ** 3) * 10) / 10} GB`;
  if (n >= 1024 ** 2) return `${Math.round((n / 1024 ** 2) * 10) / 10} MB`;
  if (n >= 1024) return `${Math.round(n / 1024)} KB`;
  return `${n} bytes`;
}
