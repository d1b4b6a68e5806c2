/**
 * The handful of error codes and their HTTP statuses: the one table every surface maps refusals with (GraphQL and
 * Fastify through src/api/app-error-mapping.ts, the gateway's JSON refusals; docs/decisions/070-core-boundary.md).
 */
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

/** Refusals only the gateway answers with: the upstream failed, neither the caller nor Portico. */
export type UpstreamErrorCode = "UPSTREAM" | "UPSTREAM_TIMEOUT";

export type ErrorCode = AppErrorCode | UpstreamErrorCode;

export const HTTP_STATUS: Readonly<Record<ErrorCode, number>> = {
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
  UPSTREAM: 502,
  UPSTREAM_TIMEOUT: 504,
};

export function httpStatusOf(code: ErrorCode): number {
  return HTTP_STATUS[code];
}

/** An error whose message is safe to show to the user. */
export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly status: number;
  readonly details?: Record<string, unknown>;

  constructor(code: AppErrorCode, message: string, details?: Record<string, unknown>) {
    super(message);
    this.name = "AppError";
    this.code = code;
    this.status = httpStatusOf(code);
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

/** The field messages of validated input ({ field: message }) an error carries, if any. */
export function fieldsOf(error: AppError): Record<string, string> | undefined {
  const fields = error.details?.fields;
  return fields && typeof fields === "object" ? (fields as Record<string, string>) : undefined;
}
