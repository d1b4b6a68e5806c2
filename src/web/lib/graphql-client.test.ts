import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

/*
 * Spec section 8 in the browser client: a 419 on the CSRF call logs out (storage cleared except the theme, full
 * redirect to the logout route); a 419 on a GraphQL call reloads the page. fetch, window and localStorage are stubs.
 */

function memoryStorage(initial: Record<string, string>) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
    clear: () => data.clear(),
    dump: () => Object.fromEntries(data),
  };
}

let location: { reload: ReturnType<typeof vi.fn>; assign: ReturnType<typeof vi.fn> };
let storage: ReturnType<typeof memoryStorage>;

beforeEach(() => {
  vi.resetModules();
  location = { reload: vi.fn(), assign: vi.fn() };
  storage = memoryStorage({ portico_theme: "dark", portico_context: '{"id":"org_1"}' });
  vi.stubGlobal("window", { location });
  vi.stubGlobal("localStorage", storage);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("graphql client 419 handling", () => {
  it("logs out and keeps only the theme when the CSRF call answers 419", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("", { status: 419 })),
    );
    const client = await import("./graphql-client");
    await expect(client.graphqlRequest("query { x }")).rejects.toMatchObject({ code: "CSRF" });
    expect(location.assign).toHaveBeenCalledWith("/authentication/logout");
    expect(storage.dump()).toEqual({ portico_theme: "dark" });
    expect(location.reload).not.toHaveBeenCalled();
  });

  it("reloads the page when a GraphQL call answers 419, sending the primed token", async () => {
    const fetchMock = vi.fn(async () => new Response("{}", { status: 419 }));
    vi.stubGlobal("fetch", fetchMock);
    const client = await import("./graphql-client");
    client.primeCsrfToken("salt.mac");
    await expect(client.graphqlRequest("mutation { x }")).rejects.toMatchObject({ code: "CSRF" });
    expect(location.reload).toHaveBeenCalledTimes(1);
    expect(location.assign).not.toHaveBeenCalled();
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/gateway/graphql");
    expect((init.headers as Record<string, string>)["csrf-token"]).toBe("salt.mac");
  });

  it("turns GraphQL errors into a RequestError with code and field messages", async () => {
    const body = {
      errors: [{ message: "No", extensions: { code: "BAD_REQUEST", fields: { name: "Name is required" } } }],
    };
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Response.json(body)),
    );
    const client = await import("./graphql-client");
    client.primeCsrfToken("salt.mac");
    await expect(client.graphqlRequest("mutation { x }")).rejects.toMatchObject({
      code: "BAD_REQUEST",
      fields: { name: "Name is required" },
    });
    expect(location.reload).not.toHaveBeenCalled();
  });
});
