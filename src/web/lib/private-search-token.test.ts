import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PRIVATE_SEARCH_TOKEN_STORAGE_KEY } from "./client-session";
import { privateSearchToken } from "./private-search-token";

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (k) => items.get(k) ?? null,
    key: (i) => [...items.keys()][i] ?? null,
    removeItem: (k) => {
      items.delete(k);
    },
    setItem: (k, v) => {
      items.set(k, String(v));
    },
  };
}

describe("privateSearchToken", () => {
  const NOW = Date.UTC(2026, 0, 1);
  let fetchMock: ReturnType<typeof vi.fn>;

  function answer(token: string, expiresAt: number) {
    fetchMock.mockResolvedValueOnce(
      new Response(
        JSON.stringify({ data: { getPrivateApisJwt: { token, expiresAt: new Date(expiresAt).toISOString() } } }),
      ),
    );
  }

  beforeEach(() => {
    vi.stubGlobal("localStorage", memoryStorage());
    fetchMock = vi.fn();
    vi.stubGlobal("fetch", fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it("is null for signed-out visitors, without asking the server", async () => {
    expect(await privateSearchToken(null, NOW)).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("fetches once, stores it, and reuses it until a minute before it expires", async () => {
    answer("tok-1", NOW + 15 * 60_000);
    expect(await privateSearchToken("usr_a", NOW)).toBe("tok-1");
    expect(JSON.parse(localStorage.getItem(PRIVATE_SEARCH_TOKEN_STORAGE_KEY) ?? "{}")).toMatchObject({
      userId: "usr_a",
      token: "tok-1",
    });
    expect(await privateSearchToken("usr_a", NOW + 10 * 60_000)).toBe("tok-1");
    expect(fetchMock).toHaveBeenCalledTimes(1);
    answer("tok-2", NOW + 30 * 60_000);
    expect(await privateSearchToken("usr_a", NOW + 14.5 * 60_000)).toBe("tok-2");
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("never hands one user's token to another user signed in on the same browser", async () => {
    answer("tok-a", NOW + 15 * 60_000);
    await privateSearchToken("usr_a", NOW);
    answer("tok-b", NOW + 15 * 60_000);
    expect(await privateSearchToken("usr_b", NOW)).toBe("tok-b");
  });

  it("shares one request between parallel callers and gives null when the server refuses", async () => {
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify({ errors: [{ message: "Sign in first" }] })));
    const [a, b] = await Promise.all([privateSearchToken("usr_c", NOW), privateSearchToken("usr_c", NOW)]);
    expect([a, b]).toEqual([null, null]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    fetchMock.mockRejectedValueOnce(new TypeError("offline"));
    expect(await privateSearchToken("usr_c", NOW)).toBeNull();
  });
});
