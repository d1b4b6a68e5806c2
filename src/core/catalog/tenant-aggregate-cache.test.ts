import { describe, expect, it } from "vitest";
import type { Db } from "../../db/connection";
import { AGGREGATE_TTL_MS, cachedTenantAggregate, invalidateTenantAggregates } from "./tenant-aggregate-cache";

// Only identity matters to the cache: a bare object stands in for a database handle.
const fakeDb = () => ({}) as Db;

describe("cachedTenantAggregate", () => {
  it("reuses a value within the TTL and reloads after it", async () => {
    const db = fakeDb();
    let loads = 0;
    const load = async () => ++loads;
    expect(await cachedTenantAggregate(db, "t1", "x", load, 1_000)).toBe(1);
    expect(await cachedTenantAggregate(db, "t1", "x", load, 1_000 + AGGREGATE_TTL_MS - 1)).toBe(1);
    expect(await cachedTenantAggregate(db, "t1", "x", load, 1_000 + AGGREGATE_TTL_MS)).toBe(2);
  });

  it("never hands one tenant's or one database's value to another", async () => {
    const db = fakeDb();
    const other = fakeDb();
    expect(await cachedTenantAggregate(db, "a", "x", async () => "A", 0)).toBe("A");
    expect(await cachedTenantAggregate(db, "b", "x", async () => "B", 0)).toBe("B");
    expect(await cachedTenantAggregate(other, "a", "x", async () => "other A", 0)).toBe("other A");
    expect(await cachedTenantAggregate(db, "a", "y", async () => "A y", 0)).toBe("A y");
    expect(await cachedTenantAggregate(db, "a", "x", async () => "again", 0)).toBe("A");
  });

  it("invalidation forgets only that tenant", async () => {
    const db = fakeDb();
    await cachedTenantAggregate(db, "a", "x", async () => 1, 0);
    await cachedTenantAggregate(db, "ab", "x", async () => 1, 0);
    invalidateTenantAggregates(db, "a");
    expect(await cachedTenantAggregate(db, "a", "x", async () => 2, 0)).toBe(2);
    expect(await cachedTenantAggregate(db, "ab", "x", async () => 2, 0)).toBe(1);
  });

  it("shares one pending load and does not keep a failure", async () => {
    const db = fakeDb();
    let loads = 0;
    const failing = async () => {
      loads++;
      throw new Error("down");
    };
    const first = cachedTenantAggregate(db, "a", "x", failing, 0);
    const second = cachedTenantAggregate(db, "a", "x", failing, 0);
    await expect(first).rejects.toThrow("down");
    await expect(second).rejects.toThrow("down");
    expect(loads).toBe(1);
    expect(await cachedTenantAggregate(db, "a", "x", async () => "ok", 0)).toBe("ok");
  });
});
