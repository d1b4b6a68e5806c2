import { beforeAll, expect, it } from "vitest";
import { describeEachDialect } from "../../../tests/db-dialects";
import { createTestTenant } from "../../../tests/factories/tenants";
import { kyselyOf } from "../../db/executor";
import { getAccessTree } from "../access/access.service";
import { CONFIRM_EMAIL_FIRST } from "../orgs/orgs.policy";
import { createOrganization, joinOrganization, listJoinableOrganizations } from "../orgs/orgs.service";
import type { TenantInfo } from "../tenants/tenants.types";
import { selectUserByEmail } from "./accounts.queries";
import { createUser, getViewer, signIn } from "./accounts.service";
import type { Viewer } from "./accounts.types";
import { DEMO_ACCOUNTS, seedDemoAccounts } from "./demo-accounts";
import {
  ALREADY_VERIFIED,
  RESEND_MAX_PER_HOUR,
  resendVerification,
  VERIFICATION_MAIL_LIMITED,
  VERIFICATION_SENT,
  VERIFY_LINK_INVALID,
  VERIFY_TTL_MS,
  verifyEmail,
} from "./email-verification.service";
import { selectOutboxFor } from "./mail-outbox.queries";
import { requestPasswordReset, resetPassword } from "./password-reset.service";
import { SIGN_UP_CHECK_INBOX, SIGN_UP_NOTICES_PER_HOUR, signUp } from "./sign-up.service";

/*
 * Decision 022: sign-up confirms the address by e-mail. Domain-based joining waits for it, the
 * answer never tells whether an address has an account, and its owner hears that someone tried.
 */

const PASSWORD = "violet-harbor-42";
const PUBLIC_URL = "https://hub.test";
const options = { publicUrl: PUBLIC_URL };

describeEachDialect("e-mail verification", ({ db }) => {
  let t1: TenantInfo;
  let t2: TenantInfo;

  beforeAll(async () => {
    t1 = await createTestTenant(db(), { config: { brandName: "Hub One" } });
    t2 = await createTestTenant(db());
  });

  async function tokenFor(tenantId: string, email: string): Promise<string> {
    const mails = (await selectOutboxFor(db(), tenantId, email)).filter((m) => m.kind === "email-verification");
    const body = mails[mails.length - 1]?.body_text ?? "";
    return /verify-email\?token=([A-Za-z0-9_-]{43})&tenant=/.exec(body)?.[1] ?? "";
  }

  async function viewerOf(tenantId: string, email: string): Promise<Viewer> {
    const row = await selectUserByEmail(db(), tenantId, email);
    const viewer = row ? await getViewer(db(), tenantId, row.id) : null;
    if (!viewer) throw new Error(`no viewer for ${email}`);
    return viewer;
  }

  async function userCount(tenantId: string): Promise<number> {
    const row = await kyselyOf(db())
      .selectFrom("users")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("tenant_id", "=", tenantId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  it("answers a registered address exactly like a new one, creates nothing, and mails its owner", async () => {
    await createUser(db(), t1.id, { username: "owner", email: "owner@example.com", password: PASSWORD });
    const before = await userCount(t1.id);
    const fresh = await signUp(
      db(),
      t1,
      { email: "fresh@example.com", username: "fresh", password: PASSWORD },
      options,
    );
    const taken = await signUp(
      db(),
      t1,
      { email: "OWNER@example.com", username: "intruder", password: PASSWORD },
      options,
    );
    expect(taken).toEqual(fresh);
    expect(fresh).toEqual({ message: SIGN_UP_CHECK_INBOX });
    expect(await userCount(t1.id)).toBe(before + 1);
    expect(await selectUserByEmail(db(), t1.id, "owner@example.com")).toMatchObject({ username: "owner" });

    const [notice, ...more] = await selectOutboxFor(db(), t1.id, "owner@example.com");
    expect(more).toEqual([]);
    expect(notice).toMatchObject({
      kind: "sign-up-existing",
      subject: "Someone tried to sign up for Hub One with your address",
    });
    expect(notice?.body_text).toContain("Hello owner,");
    expect(notice?.body_text).toContain(`${PUBLIC_URL}/auth/forgot-password`);
    // No link that signs anyone in goes to the owner, and the intruder's password is nowhere.
    expect(notice?.body_text).not.toContain("token=");
    await expect(signIn(db(), t1.id, { email: "owner@example.com", password: PASSWORD })).resolves.toMatchObject({
      username: "owner",
    });
    const freshMails = await selectOutboxFor(db(), t1.id, "fresh@example.com");
    expect(freshMails.map((m) => m.kind)).toEqual(["email-verification"]);
    expect(freshMails[0]?.body_text).toContain(`${PUBLIC_URL}/auth/verify-email?token=`);
    expect(freshMails[0]?.body_text).toContain(`&tenant=${t1.id}`);
  });

  it("mails the owner only a few times an hour, while the answer stays the same", async () => {
    await createUser(db(), t1.id, { username: "busy", email: "busy@example.com", password: PASSWORD });
    for (let i = 0; i < SIGN_UP_NOTICES_PER_HOUR + 2; i++) {
      const answer = await signUp(
        db(),
        t1,
        { email: "busy@example.com", username: `probe-${i}`, password: PASSWORD },
        { ...options, now: 1_000_000 + i },
      );
      expect(answer).toEqual({ message: SIGN_UP_CHECK_INBOX });
    }
    expect(await selectOutboxFor(db(), t1.id, "busy@example.com")).toHaveLength(SIGN_UP_NOTICES_PER_HOUR);
  });

  it("lets a new user join their company's organization only once the address is confirmed", async () => {
    const adminRow = await createUser(db(), t1.id, { username: "boss", email: "boss@acme.test", emailVerified: true });
    const admin = await getViewer(db(), t1.id, adminRow.id);
    const org = await createOrganization(
      { db: db(), tenantId: t1.id, viewer: admin },
      { name: "Acme Verified", corporateDomain: "acme.test" },
    );

    await signUp(db(), t1, { email: "newbie@acme.test", username: "newbie", password: PASSWORD }, options);
    // An unconfirmed account may sign in, but nothing that trusts the address works yet.
    const unverified = await signIn(db(), t1.id, { email: "newbie@acme.test", password: PASSWORD });
    expect(unverified.emailVerified).toBe(false);
    expect(await listJoinableOrganizations({ db: db(), tenantId: t1.id, viewer: unverified })).toEqual([]);
    await expect(joinOrganization({ db: db(), tenantId: t1.id, viewer: unverified }, org.id)).rejects.toMatchObject({
      code: "FORBIDDEN",
      message: CONFIRM_EMAIL_FIRST,
    });
    expect((await getAccessTree({ db: db(), tenantId: t1.id, viewer: unverified })).canJoinOrganization).toBe(false);
    await expect(
      createOrganization(
        { db: db(), tenantId: t1.id, viewer: unverified },
        { name: "Acme Shadow", corporateDomain: "acme.test" },
      ),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });

    const verified = await verifyEmail(db(), t1.id, { token: await tokenFor(t1.id, "newbie@acme.test") });
    expect(verified).toMatchObject({ username: "newbie", emailVerified: true });
    expect((await listJoinableOrganizations({ db: db(), tenantId: t1.id, viewer: verified })).map((o) => o.id)).toEqual(
      [org.id],
    );
    expect((await getAccessTree({ db: db(), tenantId: t1.id, viewer: verified })).canJoinOrganization).toBe(true);
    await joinOrganization({ db: db(), tenantId: t1.id, viewer: verified }, org.id);
  });

  it("uses a link once, within 24 hours, in its own tenant, for the address it was sent to", async () => {
    const now = 50_000_000;
    await signUp(db(), t1, { email: "once@example.com", username: "once", password: PASSWORD }, { ...options, now });
    const token = await tokenFor(t1.id, "once@example.com");
    await expect(verifyEmail(db(), t2.id, { token }, { now: now + 1 })).rejects.toMatchObject({
      details: { fields: { token: VERIFY_LINK_INVALID } },
    });
    await expect(verifyEmail(db(), t1.id, { token }, { now: now + VERIFY_TTL_MS })).rejects.toMatchObject({
      details: { fields: { token: VERIFY_LINK_INVALID } },
    });
    await expect(verifyEmail(db(), t1.id, { token: "not-a-token" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    expect((await verifyEmail(db(), t1.id, { token }, { now: now + VERIFY_TTL_MS - 1 })).emailVerified).toBe(true);
    await expect(verifyEmail(db(), t1.id, { token }, { now: now + VERIFY_TTL_MS - 1 })).rejects.toMatchObject({
      details: { fields: { token: VERIFY_LINK_INVALID } },
    });

    // A link for an address the account no longer has proves nothing.
    await signUp(db(), t1, { email: "moved@example.com", username: "moved", password: PASSWORD }, options);
    const stale = await tokenFor(t1.id, "moved@example.com");
    await kyselyOf(db())
      .updateTable("users")
      .set({ email: "elsewhere@example.com" })
      .where("tenant_id", "=", t1.id)
      .where("username", "=", "moved")
      .execute();
    await expect(verifyEmail(db(), t1.id, { token: stale })).rejects.toMatchObject({
      details: { fields: { token: VERIFY_LINK_INVALID } },
    });
    expect((await viewerOf(t1.id, "elsewhere@example.com")).emailVerified).toBe(false);
  });

  it("resends a link to a signed-in unconfirmed user (a few an hour); using one voids the others", async () => {
    const now = 70_000_000;
    const input = { email: "again@example.com", username: "again", password: PASSWORD };
    await signUp(db(), t1, input, { ...options, now: now - 1 });
    const first = await tokenFor(t1.id, "again@example.com");
    const viewer = await viewerOf(t1.id, "again@example.com");
    await expect(resendVerification(db(), t1, null, options)).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    await expect(resendVerification(db(), t2, viewer, options)).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    for (let i = 0; i < RESEND_MAX_PER_HOUR; i++) {
      expect(await resendVerification(db(), t1, viewer, { ...options, now: now + i })).toEqual({
        message: VERIFICATION_SENT,
      });
    }
    await expect(resendVerification(db(), t1, viewer, { ...options, now: now + 10 })).rejects.toMatchObject({
      code: "RATE_LIMITED",
      message: VERIFICATION_MAIL_LIMITED,
    });
    const latest = await tokenFor(t1.id, "again@example.com");
    expect(latest).not.toBe(first);
    expect((await verifyEmail(db(), t1.id, { token: latest }, { now: now + 20 })).emailVerified).toBe(true);
    await expect(verifyEmail(db(), t1.id, { token: first }, { now: now + 21 })).rejects.toMatchObject({
      details: { fields: { token: VERIFY_LINK_INVALID } },
    });
    const confirmed = await viewerOf(t1.id, "again@example.com");
    expect(await resendVerification(db(), t1, confirmed, options)).toEqual({ message: ALREADY_VERIFIED });
  });

  it("a redeemed reset link confirms the address; seeded demo accounts count as confirmed", async () => {
    await signUp(db(), t1, { email: "forgot@example.com", username: "forgot", password: PASSWORD }, options);
    await requestPasswordReset(db(), t1, { email: "forgot@example.com" }, options);
    const reset = (await selectOutboxFor(db(), t1.id, "forgot@example.com")).find((m) => m.kind === "password-reset");
    const token = /reset-password\?token=([A-Za-z0-9_-]{43})/.exec(reset?.body_text ?? "")?.[1] ?? "";
    const viewer = await resetPassword(db(), t1.id, { token, password: "brand-new-harbor-5" });
    expect(viewer.emailVerified).toBe(true);

    await seedDemoAccounts(db(), t2.id);
    for (const account of DEMO_ACCOUNTS) expect((await viewerOf(t2.id, account.email)).emailVerified).toBe(true);
  });
});
