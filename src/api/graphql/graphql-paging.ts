import { z } from "zod";
import { parseInput } from "../../core/accounts/validation";
import { decodeCursor } from "./cursor";

export const MAX_LIST_PAGE = 100;

export const pageArgsSchema = {
  first: z.number().int().min(1, "first must be at least 1").nullish(),
  after: z.string().max(64).nullish(),
};

/** offset/limit from first/after (base64 offset cursors, spec section 7). */
export function pageOf(args: { first?: number | null; after?: string | null }, fallback = 20) {
  return { offset: decodeCursor(args.after), limit: Math.min(args.first ?? fallback, MAX_LIST_PAGE) };
}

/** Parses resolver args with field-level messages (extensions.fields). */
export function argsOf<T extends z.ZodType>(schema: T, args: unknown): z.infer<T> {
  return parseInput(schema, args);
}

export function iso(ms: number): string {
  return new Date(ms).toISOString();
}
