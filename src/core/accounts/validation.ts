import type { z } from "zod";
import { AppError } from "../errors/app-error";

/** field path → first message, e.g. { email: "Enter a valid e-mail address" }. */
export type FieldErrors = Record<string, string>;

/** A BAD_REQUEST whose details carry field-level messages (GraphQL: extensions.fields; HTTP: error.fields). */
export function fieldError(fields: FieldErrors, message?: string): AppError {
  const first = Object.values(fields)[0];
  return new AppError("BAD_REQUEST", message ?? first ?? "Invalid input", { fields });
}

/** Parses input with a zod schema; every failing field gets its first message. */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fields: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = issue.path.length > 0 ? issue.path.join(".") : "input";
    if (!(key in fields)) fields[key] = issue.message;
  }
  throw fieldError(fields);
}
