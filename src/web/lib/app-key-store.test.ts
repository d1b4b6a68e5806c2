import { describe, expect, it } from "vitest";
import {
  appKeyStorageName,
  forgetAllAppKeys,
  forgetAppKeyWithPrefix,
  type KeyApp,
  rememberAppKey,
  storedAppKey,
  usableStoredKeys,
} from "./app-key-store";

/** A Map-backed Storage, the part of the Web Storage API the module uses. */
function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    key: (i: number) => [...map.keys()][i] ?? null,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, String(v)),
    removeItem: (k: string) => void map.delete(k),
    clear: () => map.clear(),
  };
}

const keyA = `pk_${"A".repeat(43)}`;
const keyB = `pk_${"B".repeat(43)}`;
const alice = { tenantId: "1", userId: "usr_alice" };
const bob = { tenantId: "1", userId: "usr_bob" };
const app = (appId: string, usablePrefixes: string[]): KeyApp => ({
  appId,
  appName: appId,
  contextName: null,
  usablePrefixes,
});

describe("app key store", () => {
  it("keeps a key per tenant, user and app, and the newest one wins", () => {
    const store = memoryStorage();
    rememberAppKey(alice, "app_1", keyA, store);
    expect(storedAppKey(alice, "app_1", store)).toBe(keyA);
    expect(storedAppKey(bob, "app_1", store)).toBeNull();
    expect(storedAppKey({ tenantId: "2", userId: "usr_alice" }, "app_1", store)).toBeNull();
    rememberAppKey(alice, "app_1", keyB, store);
    expect(storedAppKey(alice, "app_1", store)).toBe(keyB);
  });

  it("stores only values shaped like our keys", () => {
    const store = memoryStorage();
    rememberAppKey(alice, "app_1", "not a key", store);
    expect(store.length).toBe(0);
    store.setItem(appKeyStorageName(alice, "app_1"), "<script>");
    expect(storedAppKey(alice, "app_1", store)).toBeNull();
  });

  it("does not let a dot in an id reach another scope", () => {
    expect(appKeyStorageName({ tenantId: "1.x", userId: "u" }, "a")).not.toBe(
      appKeyStorageName({ tenantId: "1", userId: "x.u" }, "a"),
    );
  });

  it("offers only keys of subscribed apps whose prefix is still usable", () => {
    const store = memoryStorage();
    rememberAppKey(alice, "app_1", keyA, store);
    rememberAppKey(alice, "app_2", keyB, store);
    rememberAppKey(alice, "app_3", keyB, store);
    const usable = usableStoredKeys(alice, [app("app_1", [keyA.slice(0, 9)]), app("app_2", ["pk_zzzzzz"])], store);
    expect(usable.map((u) => [u.app.appId, u.key])).toEqual([["app_1", keyA]]);
  });

  it("forgets a revoked key, and every key on sign-out, leaving other entries alone", () => {
    const store = memoryStorage();
    store.setItem("portico.theme", "dark");
    rememberAppKey(alice, "app_1", keyA, store);
    rememberAppKey(alice, "app_2", keyB, store);
    forgetAppKeyWithPrefix(alice, "app_1", keyB.slice(0, 9), store);
    expect(storedAppKey(alice, "app_1", store)).toBe(keyA);
    forgetAppKeyWithPrefix(alice, "app_1", keyA.slice(0, 9), store);
    expect(storedAppKey(alice, "app_1", store)).toBeNull();
    forgetAllAppKeys(store);
    expect(storedAppKey(alice, "app_2", store)).toBeNull();
    expect(store.getItem("portico.theme")).toBe("dark");
  });
});
