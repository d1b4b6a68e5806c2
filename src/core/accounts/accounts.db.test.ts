import { beforeAll, expect, it } from "vitest";
import { describeEachDialect } from "../../../tests/db-dialects";
import { createTestTenant } from "../../../tests/factories/tenants";
import { kyselyOf } from "../../db/connection";
import type { TenantInfo } from "../tenants/tenants.types";
import { selectOutboxFor, selectThrottle, swapThrottle } from "./accounts.queries";
import {
  createUser,
  EMAIL_UNAVAILABLE,
  grantTenantAdmin,
  SIGN_IN_FAILED,
  setPassword,
  signIn,
  signUp,
  USERNAME_TAKEN,
  updateProfile,
} from "./accounts.service";
import { DEMO_ACCOUNTS, seedDemoAccounts } from "./demo-accounts";
import { MAX_FAILURES_PER_WINDOW } from "./login-throttle";
import { PASSWORD_MESSAGES } from "./password";
import { RESET_LINK_INVALID, RESET_REQUESTED, requestPasswordReset, resetPassword } from "./password-reset.service";
import { hashToken } from "./session-tokens";
import { createSession, destroySessionByToken, lookupSession, SESSION_TTL_MS } from "./sessions.service";

const PASSWORD = "violet-harbor-42";

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

  it("signs up with a normalized e-mail and stores only an argon2id hash", async () => {
    const viewer = await signUp(db(), t1.id, { email: "  Erin@Example.COM ", username: "erin", password: PASSWORD });
    expect(viewer).toMatchObject({ username: "erin", email: "erin@example.com", tenantId: t1.id, isAdmin: false });
    const cred = await kyselyOf(db())
      .selectFrom("user_credentials")
      .select("password_hash")
      .where("user_id", "=", viewer.id)
      .executeTakeFirstOrThrow();
    expect(cred.password_hash.startsWith("$argon2id$")).toBe(true);
    expect(cred.password_hash).not.toContain(PASSWORD);
  });

  it("refuses duplicates (username ignoring case, e-mail) and bad input with field messages, creating nothing", async () => {
    const before = await userCount(t1.id);
    await expect(
      signUp(db(), t1.id, { email: "other@example.com", username: "ERIN", password: PASSWORD }),
    ).rejects.toMatchObject({
      code: "CONFLICT",
      message: USERNAME_TAKEN,
      details: { fields: { username: USERNAME_TAKEN } },
    });
    await expect(
      signUp(db(), t1.id, { email: "erin@example.com", username: "erin2", password: PASSWORD }),
    ).rejects.toMatchObject({
      code: "CONFLICT",
      details: { fields: { email: EMAIL_UNAVAILABLE } },
    });
    await expect(
      signUp(db(), t1.id, { email: "not-an-email", username: "x", password: "password" }),
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
      signUp(db(), t1.id, { email: "hub@example.com", username: "hub", password: PASSWORD }),
    ).rejects.toMatchObject({
      details: { fields: { username: "This username is reserved" } },
    });
    expect(await userCount(t1.id)).toBe(before);
  });

  it("keeps tenants apart: the same e-mail may exist in another tenant, and credentials do not cross", async () => {
    await signUp(db(), t2.id, { email: "erin@example.com", username: "erin", password: "another-secret-99" });
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

  it("backs off from the 5th failure (even for the right password), whether or not the account exists", async () => {
    await createUser(db(), t1.id, { username: "frank", email: "frank@example.com", password: PASSWORD });
    const now = 10_000_000;
    for (const email of ["frank@example.com", "ghost@example.com"]) {
      for (let i = 0; i < 5; i++) {
        await expect(signIn(db(), t1.id, { email, password: "bad-password-x" }, { now })).rejects.toMatchObject({
          code: "UNAUTHENTICATED",
        });
      }
      await expect(signIn(db(), t1.id, { email, password: PASSWORD }, { now: now + 500 })).rejects.toMatchObject({
        code: "RATE_LIMITED",
        message: "Too many failed sign-in attempts. Try again in 1 second.",
      });
    }
    // After the wait the right password works and clears the count.
    expect(
      (await signIn(db(), t1.id, { email: "frank@example.com", password: PASSWORD }, { now: now + 1_000 })).username,
    ).toBe("frank");
    expect(await selectThrottle(db(), t1.id, "signin:frank@example.com")).toBeNull();
  });

  it("refuses every attempt once 100 failures were counted in the hour", async () => {
    const t0 = 20_000_000;
    const state = { windowStart: t0, failures: MAX_FAILURES_PER_WINDOW - 1, lastFailureAt: t0 };
    expect(await swapThrottle(db(), t1.id, "signin:erin@example.com", null, state)).toBe(true);
    const afterBackoff = t0 + 10 * 60 * 1000;
    await expect(
      signIn(db(), t1.id, { email: "erin@example.com", password: "nope-nope-1" }, { now: afterBackoff }),
    ).rejects.toMatchObject({
      code: "UNAUTHENTICATED",
    });
    await expect(
      signIn(db(), t1.id, { email: "erin@example.com", password: PASSWORD }, { now: afterBackoff + 20 * 60 * 1000 }),
    ).rejects.toMatchObject({
      code: "RATE_LIMITED",
    });
    expect(
      (await signIn(db(), t1.id, { email: "erin@example.com", password: PASSWORD }, { now: t0 + 61 * 60 * 1000 }))
        .username,
    ).toBe("erin");
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
    const owner = await signUp(db(), t1.id, { email: "ivan@example.com", username: "ivan", password: PASSWORD });
    const other = await signUp(db(), t1.id, { email: "joan@example.com", username: "joan", password: PASSWORD });
    const updated = await updateProfile(db(), t1.id, owner, owner.id, { name: "Ivan P.", company: "Acme", bio: "" });
    expect(updated).toMatchObject({ name: "Ivan P.", company: "Acme", bio: null });
    await expect(updateProfile(db(), t1.id, other, owner.id, { name: "Hacked" })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    await expect(
      updateProfile(db(), t1.id, owner, owner.id, { thumbnail: "javascript:alert(1)", name: "" }),
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
