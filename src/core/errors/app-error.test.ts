import { describe, expect, it } from "vitest";
import { AppError, isAppError } from "./app-error";

describe("isAppError", () => {
  it("recognizes an AppError made by another copy of the module (server bundle vs React Router build)", () => {
    // What the other bundle's class looks like from here: same name and fields, a different constructor.
    class OtherCopyAppError extends Error {
      readonly code = "BAD_REQUEST";
      readonly status = 400;
      readonly details = { where: "4:76" };
      constructor(message: string) {
        super(message);
        this.name = "AppError";
      }
    }
    const error: unknown = new OtherCopyAppError("Spec is not valid JSON");
    expect(isAppError(error)).toBe(true);
    expect(isAppError(new AppError("NOT_FOUND", "x"))).toBe(true);
  });

  it("does not take other errors for one", () => {
    const named = Object.assign(new Error("x"), { name: "AppError", code: "NOPE", status: 400 });
    const mismatched = Object.assign(new Error("x"), { name: "AppError", code: "BAD_REQUEST", status: 500 });
    expect([isAppError(named), isAppError(mismatched), isAppError(new TypeError("x")), isAppError(null)]).toEqual([
      false,
      false,
      false,
      false,
    ]);
    expect(isAppError({ name: "AppError", code: "BAD_REQUEST", status: 400, message: "plain object" })).toBe(false);
  });
});
