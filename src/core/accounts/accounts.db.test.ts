import { beforeAll, expect, it } from "vitest";
import { describeEachDialect } from "../../../tests/db-dialects";
import { createTestTenant } from "../../../tests/factories/tenants";
import { kyselyOf } from "../../db/executor";
import type { TenantInfo } from "../tenants/tenants.types";
import { selectUserByUsername } from "./accounts.queries";
import {
  createUser,
  getViewer,
  grantTenantAdmin,
  SIGN_IN_FAILED,
  setPassword,
  signIn,
  USERNAME_TAKEN,
  updateProfile,
} from "./accounts.service";
import { DEMO_ACCOUNTS, seedDemoAccounts } from "./demo-accounts";
import { selectOutboxFor } from "./mail-outbox.queries";
import { PASSWORD_MESSAGES } from "./password";
import { RESET_LINK_INVALID, RESET_REQUESTED, requestPasswordReset, resetPassword } from "./password-reset.service";
import { hashToken } from "./session-tokens";
import { createSession, destroySessionByToken, lookupSession, SESSION_TTL_MS } from "./sessions.service";
import { SIGN_UP_CHECK_INBOX, signUp } from "./sign-up.service";

const PASSWORD = "violet-harbor-42";
const PUBLIC_URL = "https://hub.test";

describeEachDialect("accounts", ({ db }) => {
  let t1: TenantInfo;
  let t2: TenantInfo;

  beforeAll(async () => {
    t1 = await createTestTenant(db());
    t2 = await createTestTenant(db());
  });

  async function userCount(tenantId: string) {
    const row = await kyselyOf(db())
      .selectFrom("users")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("tenant_id", "=", tenantId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  it("signs up with a normalized e-mail, unverified, and stores only an argon2id hash", async () => {
    const answer = await signUp(
      db(),
      t1,
      { email: "  Erin@Example.COM ", username: "erin", password: PASSWORD },
      { publicUrl: PUBLIC_URL },
    );
    expect(answer).toEqual({ message: SIGN_UP_CHECK_INBOX });
    const row = await selectUserByUsername(db(), t1.id, "erin");
    expect(row).toMatchObject({ username: "erin", email: "erin@example.com", email_verified_at: null });
    const cred = await kyselyOf(db())
      .selectFrom("user_credentials")
      .select("password_hash")
      .where("user_id", "=", row?.id ?? "")
      .executeTakeFirstOrThrow();
    expect(cred.password_hash.startsWith("$argon2id$")).toBe(true);
    expect(cred.password_hash).not.toContain(PASSWORD);
  });

  it("refuses a taken username (ignoring case) and bad input with field messages, creating nothing", async () => {
    const before = await userCount(t1.id);
    const options = { publicUrl: PUBLIC_URL };
    await expect(
      signUp(db(), t1, { email: "other@example.com", username: "ERIN", password: PASSWORD }, options),
    ).rejects.toMatchObject({
      code: "CONFLICT",
      message: USERNAME_TAKEN,
      details: { fields: { username: USERNAME_TAKEN } },
    });
    await expect(
      signUp(db(), t1, { email: "not-an-email", username: "x", password: "password" }, options),
    ).rejects.toMatchObject({
      code: "BAD_REQUEST",
      details: {
        fields: {
          email: "Enter a valid e-mail address",
          username: "Username must be at least 3 characters",
          password: PASSWORD_MESSAGES.common,
        },
      },
    });
    await expect(
      signUp(db(), t1, { email: "hub@example.com", username: "hub", password: PASSWORD }, options),
    ).rejects.toMatchObject({
      details: { fields: { username: "This username is reserved" } },
    });
    expect(await userCount(t1.id)).toBe(before);
  });

  it("keeps tenants apart: the same e-mail may exist in another tenant, and credentials do not cross", async () => {
    await signUp(
      db(),
      t2,
      { email: "erin@example.com", username: "erin", password: "another-secret-99" },
      { publicUrl: PUBLIC_URL },
    );
    await expect(
      signIn(db(), t1.id, { email: "erin@example.com", password: "another-secret-99" }),
    ).rejects.toMatchObject({
      code: "UNAUTHENTICATED",
    });
    const viewer = await signIn(db(), t2.id, { email: "erin@example.com", password: "another-secret-99" });
    expect(viewer.tenantId).toBe(t2.id);
  });

  it("answers unknown e-mail, passwordless demo users and wrong passwords with the same message", async () => {
    await createUser(db(), t1.id, { username: "demo-provider", email: "demo@provider.test", isDemo: true });
    for (const attempt of [
      { email: "nobody@example.com", password: PASSWORD },
      { email: "demo@provider.test", password: PASSWORD },
      { email: "erin@example.com", password: "wrong-password-1" },
    ]) {
      await expect(signIn(db(), t1.id, attempt)).rejects.toMatchObject({
        code: "UNAUTHENTICATED",
        message: SIGN_IN_FAILED,
      });
    }
    expect((await signIn(db(), t1.id, { email: "ERIN@example.com", password: PASSWORD })).username).toBe("erin");
  });

  it("stores sessions by hash, binds them to one tenant, expires them and destroys them", async () => {
    const user = await createUser(db(), t1.id, { username: "gina", email: "gina@example.com", password: PASSWORD });
    const now = Date.now();
    const session = await createSession(db(), t1.id, user.id, { now });
    expect(session.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = await kyselyOf(db()).selectFrom("sessions").selectAll().where("user_id", "=", user.id).execute();
    expect(stored.map((s) => s.id)).toEqual([hashToken(session.token)]);
    expect(session.expiresAt - now).toBe(SESSION_TTL_MS);

    const ok = await lookupSession(db(), t1.id, session.token, now + 1);
    expect(ok.status === "ok" && ok.viewer.username).toBe("gina");
    expect((await lookupSession(db(), t2.id, session.token, now + 1)).status).toBe("other-tenant");
    expect((await lookupSession(db(), t1.id, "x".repeat(43), now + 1)).status).toBe("none");
    expect((await lookupSession(db(), t1.id, session.token, now + SESSION_TTL_MS + 1)).status).toBe("none");

    const second = await createSession(db(), t1.id, user.id);
    await destroySessionByToken(db(), second.token);
    expect((await lookupSession(db(), t1.id, second.token)).status).toBe("none");
  });

  it("password reset: same answer for any e-mail, single-use link, new password works, sessions end", async () => {
    const user = await createUser(db(), t1.id, { username: "hana", email: "hana@example.com", password: PASSWORD });
    const session = await createSession(db(), t1.id, user.id);
    const known = await requestPasswordReset(
      db(),
      t1,
      { email: "hana@example.com" },
      { publicUrl: "https://hub.test" },
    );
    const unknown = await requestPasswordReset(
      db(),
      t1,
      { email: "nohana@example.com" },
      { publicUrl: "https://hub.test" },
    );
    expect(known).toEqual({ message: RESET_REQUESTED });
    expect(unknown).toEqual({ message: RESET_REQUESTED });
    expect((await selectOutboxFor(db(), t1.id, "nohana@example.com")).map((m) => m.kind)).toEqual([
      "password-reset-unknown",
    ]);
    const [mail] = await selectOutboxFor(db(), t1.id, "hana@example.com");
    const token = /token=([A-Za-z0-9_-]{43})/.exec(mail?.body_text ?? "")?.[1] ?? "";
    expect(mail?.body_text).toContain(`https://hub.test/auth/reset-password?token=${token}&tenant=${t1.id}`);

    await expect(resetPassword(db(), t1.id, { token, password: "short" })).rejects.toMatchObject({
      details: { fields: { password: PASSWORD_MESSAGES.tooShort } },
    });
    const viewer = await resetPassword(db(), t1.id, { token, password: "new-harbor-secret-7" });
    expect(viewer.id).toBe(user.id);
    await expect(resetPassword(db(), t1.id, { token, password: "again-harbor-secret-8" })).rejects.toMatchObject({
      details: { fields: { token: RESET_LINK_INVALID } },
    });
    expect((await lookupSession(db(), t1.id, session.token)).status).toBe("none");
    await expect(signIn(db(), t1.id, { email: "hana@example.com", password: PASSWORD })).rejects.toMatchObject({
      message: SIGN_IN_FAILED,
    });
    expect((await signIn(db(), t1.id, { email: "hana@example.com", password: "new-harbor-secret-7" })).id).toBe(
      user.id,
    );
  });

  it("lets only the owner update a profile, validating each field", async () => {
    const viewerOf = async (username: string) => {
      const row = await createUser(db(), t1.id, { username, email: `${username}@example.com`, password: PASSWORD });
      const viewer = await getViewer(db(), t1.id, row.id);
      if (!viewer) throw new Error("viewer missing");
      return viewer;
    };
    const owner = await viewerOf("ivan");
    const other = await viewerOf("joan");
    const updated = await updateProfile({ db: db(), tenantId: t1.id, viewer: owner }, owner.id, {
      name: "Ivan P.",
      company: "Acme",
      bio: "",
    });
    expect(updated).toMatchObject({ name: "Ivan P.", company: "Acme", bio: null });
    await expect(
      updateProfile({ db: db(), tenantId: t1.id, viewer: other }, owner.id, { name: "Hacked" }),
    ).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    await expect(
      updateProfile({ db: db(), tenantId: t1.id, viewer: owner }, owner.id, {
        thumbnail: "javascript:alert(1)",
        name: "",
      }),
    ).rejects.toMatchObject({
      details: { fields: { thumbnail: "The URL is not valid. Please verify.", name: "Name is required" } },
    });
    const row = await kyselyOf(db())
      .selectFrom("users")
      .select("name")
      .where("id", "=", owner.id)
      .executeTakeFirstOrThrow();
    expect(row.name).toBe("Ivan P.");
  });

  it("createUser/setPassword/grantTenantAdmin make a seeded admin who can sign in", async () => {
    const admin = await createUser(db(), t1.id, {
      username: "tenant-admin",
      email: "admin@portico.test",
      name: "Admin",
    });
    await setPassword(db(), t1.id, admin.id, "portico-admin-demo");
    await grantTenantAdmin(db(), t1.id, admin.id);
    const viewer = await signIn(db(), t1.id, { email: "admin@portico.test", password: "portico-admin-demo" });
    expect(viewer.isAdmin).toBe(true);
  });

  it("seeds the demo admin and developer once; the admin has the admin panel", async () => {
    const tenant = await createTestTenant(db());
    expect(await seedDemoAccounts(db(), tenant.id)).toHaveLength(2);
    expect(await seedDemoAccounts(db(), tenant.id)).toHaveLength(0);
    const [admin, developer] = DEMO_ACCOUNTS;
    expect((await signIn(db(), tenant.id, { email: admin.email, password: admin.password })).isAdmin).toBe(true);
    expect((await signIn(db(), tenant.id, { email: developer.email, password: developer.password })).isAdmin).toBe(
      false,
    );
  });
});
