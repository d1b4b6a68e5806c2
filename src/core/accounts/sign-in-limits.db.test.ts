import { beforeAll, expect, it } from "vitest";
import { describeEachDialect } from "../../../tests/db-dialects";
import { createTestTenant } from "../../../tests/factories/tenants";
import type { TenantInfo } from "../tenants/tenants.types";
import { selectThrottle, swapThrottle } from "./accounts.queries";
import { createUser, signIn } from "./accounts.service";
import { SIGN_IN_WINDOW_MS } from "./login-throttle";

/*
 * The sign-in limits (decision 022) count per (account, client), per client and per account (decision 022), so a
 * stranger cannot lock the owner out, and one client cannot spray a password over many accounts.
 */

const PASSWORD = "violet-harbor-42";
const ATTACKER = "198.51.100.7";
const OWNER_IP = "203.0.113.5";

describeEachDialect("sign-in limits", ({ db }) => {
  let t1: TenantInfo;

  beforeAll(async () => {
    t1 = await createTestTenant(db());
  });

  const attempt = (email: string, password: string, ip: string, now: number) =>
    signIn(db(), t1.id, { email, password }, { ip, now });

  it("locks the attacker's (account, client) pair after 5 failures, never the owner on another address", async () => {
    await createUser(db(), t1.id, { username: "vera", email: "vera@example.com", password: PASSWORD });
    const now = 10_000_000;
    for (let i = 0; i < 5; i++) {
      await expect(attempt("vera@example.com", "wrong-password-x", ATTACKER, now + i)).rejects.toMatchObject({
        code: "UNAUTHENTICATED",
      });
    }
    // The pair is locked for the rest of its 15 minutes, the right password included.
    await expect(attempt("vera@example.com", PASSWORD, ATTACKER, now + 10)).rejects.toMatchObject({
      code: "RATE_LIMITED",
    });
    await expect(attempt("vera@example.com", PASSWORD, ATTACKER, now + 60_000)).rejects.toMatchObject({
      code: "RATE_LIMITED",
    });
    // The owner, elsewhere, signs in at once (the old per-e-mail backoff refused them here); the attacker's lock stays.
    expect((await attempt("vera@example.com", PASSWORD, OWNER_IP, now + 10)).username).toBe("vera");
    expect((await attempt("vera@example.com", PASSWORD, OWNER_IP, now + 60_000)).username).toBe("vera");
    await expect(attempt("vera@example.com", PASSWORD, ATTACKER, now + 61_000)).rejects.toMatchObject({
      code: "RATE_LIMITED",
    });
    expect((await attempt("vera@example.com", PASSWORD, ATTACKER, now + SIGN_IN_WINDOW_MS)).username).toBe("vera");
  });

  it("refuses one client spraying 40 accounts once 20 failed, whatever the account; other clients go on", async () => {
    const now = 20_000_000;
    const sprayer = "192.0.2.44";
    const answers: string[] = [];
    for (let i = 0; i < 40; i++) {
      const email = `spray-${i}@example.com`;
      if (i % 2 === 0) await createUser(db(), t1.id, { username: `spray-${i}`, email, password: PASSWORD });
      answers.push(
        await attempt(email, "Summer2026!", sprayer, now + i).then(
          () => "ok",
          (error: { code: string }) => error.code,
        ),
      );
    }
    expect(answers.slice(0, 20)).toEqual(Array(20).fill("UNAUTHENTICATED"));
    expect(answers.slice(20)).toEqual(Array(20).fill("RATE_LIMITED"));
    // Even the right password of a new account is refused from that client, but not from another one.
    await expect(attempt("spray-30@example.com", PASSWORD, sprayer, now + 100)).rejects.toMatchObject({
      code: "RATE_LIMITED",
    });
    expect((await attempt("spray-30@example.com", PASSWORD, "192.0.2.45", now + 100)).username).toBe("spray-30");
  });

  it("a success only takes its own attempt back: signing in to one's own account does not reset spraying", async () => {
    const now = 30_000_000;
    const client = "192.0.2.99";
    await createUser(db(), t1.id, { username: "own-acct", email: "own@example.com", password: PASSWORD });
    for (let i = 0; i < 19; i++) {
      await expect(attempt(`nobody-${i}@example.com`, "guess-1", client, now + i)).rejects.toMatchObject({
        code: "UNAUTHENTICATED",
      });
    }
    expect((await attempt("own@example.com", PASSWORD, client, now + 50)).username).toBe("own-acct");
    expect((await selectThrottle(db(), t1.id, `signin-ip:${client}`))?.failures).toBe(19);
    await expect(attempt("nobody-x@example.com", "guess-1", client, now + 60)).rejects.toMatchObject({
      code: "UNAUTHENTICATED",
    });
    await expect(attempt("nobody-y@example.com", "guess-1", client, now + 70)).rejects.toMatchObject({
      code: "RATE_LIMITED",
    });
  });

  it("slows an account attacked from many clients with a capped backoff, never locking the owner out", async () => {
    await createUser(db(), t1.id, { username: "wanda", email: "wanda@example.com", password: PASSWORD });
    const now = 40_000_000;
    // 50 failures, each from another address, reach the account-wide backoff.
    for (let i = 0; i < 50; i++) {
      await expect(attempt("wanda@example.com", "nope-nope-1", `10.0.${i}.1`, now + i)).rejects.toMatchObject({
        code: "UNAUTHENTICATED",
      });
    }
    await expect(attempt("wanda@example.com", PASSWORD, OWNER_IP, now + 100)).rejects.toMatchObject({
      code: "RATE_LIMITED",
      message: "Too many failed sign-in attempts. Try again in 1 second.",
    });
    // A refused attempt counted nowhere: the owner's own pair is not locked by retrying during the backoff.
    expect(await selectThrottle(db(), t1.id, `signin:wanda@example.com|${OWNER_IP}`)).toBeNull();
    expect((await attempt("wanda@example.com", PASSWORD, OWNER_IP, now + 1_049)).username).toBe("wanda");

    // However long the attack, the wait never exceeds a minute after the last failure.
    const t0 = now + 5 * 60_000;
    const observed = await selectThrottle(db(), t1.id, "signin:wanda@example.com");
    await swapThrottle(db(), t1.id, "signin:wanda@example.com", observed, {
      windowStart: t0,
      failures: 5_000,
      lastFailureAt: t0,
    });
    await expect(attempt("wanda@example.com", PASSWORD, "203.0.113.77", t0 + 59_000)).rejects.toMatchObject({
      code: "RATE_LIMITED",
    });
    expect((await attempt("wanda@example.com", PASSWORD, "203.0.113.77", t0 + 60_000)).username).toBe("wanda");
  });
});
