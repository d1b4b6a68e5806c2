import { describe, expect, it } from "vitest";
import {
  hashPassword,
  isCommonPassword,
  newPasswordSchema,
  PASSWORD_MESSAGES,
  verifyAgainstDummy,
  verifyPassword,
} from "./password";

describe("new-password rules", () => {
  it("refuses short, overlong and common passwords with field messages", () => {
    expect(newPasswordSchema.safeParse("short1!").error?.issues[0]?.message).toBe(PASSWORD_MESSAGES.tooShort);
    expect(newPasswordSchema.safeParse("x".repeat(129)).error?.issues[0]?.message).toBe(PASSWORD_MESSAGES.tooLong);
    expect(newPasswordSchema.safeParse("password").error?.issues[0]?.message).toBe(PASSWORD_MESSAGES.common);
    expect(newPasswordSchema.safeParse("Baseball").error?.issues[0]?.message).toBe(PASSWORD_MESSAGES.common);
  });

  it("accepts 8 characters and at least 64", () => {
    expect(newPasswordSchema.safeParse("k9#Tq!vw").success).toBe(true);
    expect(newPasswordSchema.safeParse("correct horse battery staple ".repeat(4).slice(0, 100)).success).toBe(true);
  });

  it("ships about 10,000 common passwords, lowercased", () => {
    expect(isCommonPassword("qwertyuiop")).toBe(true);
    expect(isCommonPassword("QWERTYUIOP")).toBe(true);
    expect(isCommonPassword("portico-is-a-marketplace-7")).toBe(false);
  });
});

describe("argon2id hashing", () => {
  it("hashes with argon2id and verifies only the right password", async () => {
    const hash = await hashPassword("a long enough secret");
    expect(hash.startsWith("$argon2id$")).toBe(true);
    expect(await verifyPassword(hash, "a long enough secret")).toBe(true);
    expect(await verifyPassword(hash, "a long enough secreT")).toBe(false);
  });

  it("never throws on a malformed stored hash, and the dummy check is always false", async () => {
    expect(await verifyPassword("not-a-hash", "whatever")).toBe(false);
    expect(await verifyAgainstDummy("portico-dummy-password-for-timing")).toBe(false);
  });
});
