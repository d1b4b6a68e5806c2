import type { TFunction } from "i18next";
import { describe, expect, it } from "vitest";
import { SIGN_IN_FAILED, USERNAME_TAKEN } from "../../core/accounts/accounts.service";
import {
  ALREADY_VERIFIED,
  VERIFICATION_MAIL_LIMITED,
  VERIFICATION_SENT,
  VERIFY_LINK_INVALID,
} from "../../core/accounts/email-verification.service";
import { PASSWORD_MESSAGES } from "../../core/accounts/password";
import { SIGN_UP_CHECK_INBOX } from "../../core/accounts/sign-up.service";
import { CONFIRM_EMAIL_FIRST } from "../../core/orgs/orgs.policy";
import { ADD_DEVELOPERS_FAILED, REMOVE_DEVELOPERS_FAILED } from "../../core/orgs/teams.service";
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
    // Decision 022's texts.
    expect(translateServerMessage(t, SIGN_UP_CHECK_INBOX)).toBe("<serverMessages.signUpCheckInbox>");
    expect(translateServerMessage(t, VERIFY_LINK_INVALID)).toBe("<serverMessages.verifyLinkInvalid>");
    expect(translateServerMessage(t, CONFIRM_EMAIL_FIRST)).toBe("<serverMessages.confirmEmailFirst>");
    expect(translateServerMessage(t, VERIFICATION_SENT)).toBe("<serverMessages.verificationSent>");
    expect(translateServerMessage(t, ALREADY_VERIFIED)).toBe("<serverMessages.alreadyVerified>");
    expect(translateServerMessage(t, VERIFICATION_MAIL_LIMITED)).toBe("<serverMessages.verificationMailLimited>");
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
