import type { TFunction } from "i18next";
import { describe, expect, it } from "vitest";
import { SIGN_IN_FAILED, USERNAME_TAKEN } from "../../core/accounts/accounts.service";
import { PASSWORD_MESSAGES } from "../../core/accounts/password";
import { ADD_DEVELOPERS_FAILED, REMOVE_DEVELOPERS_FAILED } from "../../core/orgs/orgs.service";
import { translateFields, translateServerMessage } from "./server-messages";

const t = ((key: string) => `<${key}>`) as unknown as TFunction;

describe("server messages", () => {
  it("finds a catalog key for the server's own texts (they must stay in step)", () => {
    expect(translateServerMessage(t, SIGN_IN_FAILED)).toBe("<serverMessages.signInFailed>");
    expect(translateServerMessage(t, USERNAME_TAKEN)).toBe("<serverMessages.usernameTaken>");
    expect(translateServerMessage(t, PASSWORD_MESSAGES.tooShort)).toBe("<serverMessages.passwordTooShort>");
    expect(translateServerMessage(t, PASSWORD_MESSAGES.common)).toBe("<serverMessages.passwordCommon>");
    expect(translateServerMessage(t, ADD_DEVELOPERS_FAILED)).toBe("<serverMessages.addDevelopersFailed>");
    expect(translateServerMessage(t, REMOVE_DEVELOPERS_FAILED)).toBe("<serverMessages.removeDevelopersFailed>");
  });

  it("passes unknown texts through and translates every field", () => {
    expect(translateServerMessage(t, "Only organization members can be added: bob")).toBe(
      "Only organization members can be added: bob",
    );
    expect(translateFields(t, { email: "Enter a valid e-mail address", x: "raw" })).toEqual({
      email: "<serverMessages.emailInvalid>",
      x: "raw",
    });
    expect(translateFields(t, undefined)).toEqual({});
  });
});
