import { describe, expect, it } from "vitest";
import { offeredContexts, resolveSelectedContext } from "./selected-context";
import type { ContextChoice } from "./session-types";

const me: ContextChoice = { type: "User", id: "usr_1", entityId: "usr_1", name: "me", parentName: null };
const org: ContextChoice = { type: "Organization", id: "org_1", entityId: "org_1", name: "Acme", parentName: null };
const team: ContextChoice = { type: "Team", id: "team_1", entityId: "team_1", name: "Core", parentName: "Acme" };
const all = [me, org, team];

describe("selected context (spec section 4)", () => {
  it("restores a stored context by id or by entityId", () => {
    expect(resolveSelectedContext(all, { id: "team_1" })).toBe(team);
    expect(resolveSelectedContext(all, { entityId: "org_1" })).toBe(org);
  });

  it("falls back to the user's own context without id/entityId or when the context is gone", () => {
    expect(resolveSelectedContext(all, null)).toBe(me);
    expect(resolveSelectedContext(all, { name: "Acme" })).toBe(me);
    expect(resolveSelectedContext(all, { id: "org_gone" })).toBe(me);
  });

  it("offers the personal context only with the permission", () => {
    expect(offeredContexts(all, true)).toEqual(all);
    const withoutPersonal = offeredContexts(all, false);
    expect(withoutPersonal).toEqual([org, team]);
    expect(resolveSelectedContext(withoutPersonal, { id: "usr_1" })).toBe(org);
    expect(resolveSelectedContext([], null)).toBeNull();
  });
});
