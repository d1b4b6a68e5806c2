import { describe, expect, it } from "vitest";
import { AppError } from "../../core/errors/app-error";
import { actionErrorOf, orNotFound, whenRefused } from "./route-errors.server";

describe("route errors", () => {
  it("turns an AppError into the form result and rethrows anything else", () => {
    const refusal = actionErrorOf(new AppError("BAD_REQUEST", "Bad", { fields: { a: "A" }, field: "name" }));
    expect(refusal).toMatchObject({ code: "BAD_REQUEST", message: "Bad", fields: { a: "A" }, field: "name" });
    expect(actionErrorOf(new AppError("CONFLICT", "Taken"))).toMatchObject({ fields: {}, field: null });
    const bug = new TypeError("bug");
    expect(() => actionErrorOf(bug)).toThrow(bug);
  });

  it("answers only the named refusals with the fallback", async () => {
    const forbidden = Promise.reject(new AppError("FORBIDDEN", "No"));
    expect(await whenRefused(forbidden, ["FORBIDDEN"], () => null)).toBeNull();
    await expect(whenRefused(Promise.reject(new AppError("CONFLICT", "C")), ["FORBIDDEN"], () => null)).rejects.toThrow(
      "C",
    );
    expect(await whenRefused(Promise.resolve(3), "any", () => null)).toBe(3);
  });

  it("shows the 404 page for a missing thing, and for any refusal when asked", async () => {
    const status = (thrown: unknown) => (thrown as { init: { status: number } }).init.status;
    const missing = await orNotFound(Promise.reject(new AppError("NOT_FOUND", "Gone"))).catch((e: unknown) => e);
    expect(status(missing)).toBe(404);
    const hidden = await orNotFound(Promise.reject(new AppError("FORBIDDEN", "No")), "any").catch((e: unknown) => e);
    expect(status(hidden)).toBe(404);
    await expect(orNotFound(Promise.reject(new AppError("FORBIDDEN", "No")))).rejects.toThrow("No");
  });
});
