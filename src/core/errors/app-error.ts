/** The handful of error codes; src/api maps them to HTTP statuses and GraphQL extensions in one place. */
export type AppErrorCode =
  | "BAD_REQUEST"
  | "UNAUTHENTICATED"
  | "FORBIDDEN"
  | "NOT_FOUND"
  | "CONFLICT"
  | "PAYLOAD_TOO_LARGE"
  | "RATE_LIMITED"
  | "CSRF"
  | "UNAVAILABLE"
  | "INTERNAL";

export const HTTP_STATUS: Record<AppErrorCode, number> = {
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  CSRF: 419,
  UNAVAILABLE: 503,
  INTERNAL: 500,
};

/** An error whose message is safe to show to the user. */
export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly status: number;
  readonly details?: Record<string, unknown>;

  constructor(code: AppErrorCode, message: string, details?: Record<string, unknown>) {
    super(message);
    this.name = "AppError";
    this.code = code;
    this.status = HTTP_STATUS[code];
    this.details = details;
  }
}

/**
 * Also true for an AppError of another copy of this module: the server bundle and the React Router build each hold
 * one, and objects the server hands to route actions through the load context (the spec worker pool) reject with the
 * server's copy, which fails `instanceof` in the route's copy.
 */
export function isAppError(value: unknown): value is AppError {
  if (value instanceof AppError) return true;
  if (!(value instanceof Error) || value.name !== "AppError") return false;
  const { code, status } = value as { code?: unknown; status?: unknown };
  return typeof code === "string" && Object.hasOwn(HTTP_STATUS, code) && status === HTTP_STATUS[code as AppErrorCode];
}
