import { AppError } from "../../core/errors/app-error";

/** Spec section 7: `after` is the base64 of an offset. */
export function encodeCursor(offset: number): string {
  return Buffer.from(String(offset), "utf8").toString("base64");
}

export function decodeCursor(cursor: string | null | undefined): number {
  if (cursor === null || cursor === undefined || cursor === "") return 0;
  const text = /^[A-Za-z0-9+/]+={0,2}$/.test(cursor) ? Buffer.from(cursor, "base64").toString("utf8") : "";
  if (!/^\d{1,9}$/.test(text)) {
    throw new AppError("BAD_REQUEST", "Invalid cursor: 'after' must be a cursor returned by a previous page");
  }
  return Number.parseInt(text, 10);
}
