import { type AppError, type AppErrorCode, fieldsOf, isAppError } from "../../core/errors/app-error";
import { notFound } from "./http-errors";

/*
 * How route loaders and actions turn core's refusals (AppError) into what a page shows, in one place
 * (docs/decisions/070-core-boundary.md): actions return the refusal's code, message and field messages (the same ones
 * GraphQL answers with, src/api/app-error-mapping.ts); loaders show the 404 page or a fallback. Anything that is not
 * an AppError propagates (the error page, status 500).
 */

/** A refusal as an action returns it to its form. */
export interface ActionError {
  code: AppErrorCode;
  message: string;
  /** Field messages of validated input ({ field: message }); empty when there are none. */
  fields: Record<string, string>;
  /** The one input field core named (details.field), or null. */
  field: string | null;
  details: Readonly<Record<string, unknown>>;
}

/** The AppError of a failed action as its form result; rethrows anything else. */
export function actionErrorOf(error: unknown): ActionError {
  if (!isAppError(error)) throw error;
  const details = error.details ?? {};
  return {
    code: error.code,
    message: error.message,
    fields: fieldsOf(error) ?? {},
    field: typeof details.field === "string" ? details.field : null,
    details,
  };
}

/**
 * Runs `work`; a refusal whose code is in `codes` ("any": every AppError) is answered by `fallback` (which may throw,
 * e.g. notFound), everything else propagates.
 */
export async function whenRefused<T, F>(
  work: Promise<T>,
  codes: readonly AppErrorCode[] | "any",
  fallback: (error: AppError) => F,
): Promise<T | F> {
  try {
    return await work;
  } catch (error) {
    if (isAppError(error) && (codes === "any" || codes.includes(error.code))) return fallback(error);
    throw error;
  }
}

/** The 404 page for a refusal with one of `codes` ("any": every refusal, so "not yours" looks like "not there"). */
export function orNotFound<T>(work: Promise<T>, codes: readonly AppErrorCode[] | "any" = ["NOT_FOUND"]): Promise<T> {
  return whenRefused(work, codes, () => notFound());
}
