import { PRIVATE_SEARCH_TOKEN_STORAGE_KEY } from "./client-session";

/*
 * Spec section 3's client state `privateSearchToken`: the signed-in user's getPrivateApisJwt token, kept in
 * localStorage (logout clears it with the rest) and sent as privateApisJwt with the typeahead's searchApis, so invited
 * users find their private APIs. It is fetched on first use and again shortly before it expires (15 minutes) or when
 * another user signs in on this browser. Without it (signed out, or the fetch failed) search is the public one.
 */

interface StoredToken {
  userId: string;
  token: string;
  expiresAt: number;
}

/** Fetch a new token when the stored one has less than this left. */
const REFRESH_BEFORE_MS = 60_000;

const QUERY = "query PrivateSearchToken { getPrivateApisJwt { token expiresAt } }";

let pending: Promise<string | null> | null = null;

function readStored(): StoredToken | null {
  try {
    const raw = localStorage.getItem(PRIVATE_SEARCH_TOKEN_STORAGE_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<StoredToken> | null;
    if (typeof value?.userId !== "string" || typeof value.token !== "string" || typeof value.expiresAt !== "number") {
      return null;
    }
    return { userId: value.userId, token: value.token, expiresAt: value.expiresAt };
  } catch {
    return null;
  }
}

function store(value: StoredToken): void {
  try {
    localStorage.setItem(PRIVATE_SEARCH_TOKEN_STORAGE_KEY, JSON.stringify(value));
  } catch {
    // Storage disabled: the token lives in `pending`'s result for this call only.
  }
}

/** A plain query without the CSRF header: a failure must never reload the page under someone typing. */
async function fetchToken(userId: string): Promise<string | null> {
  try {
    const response = await fetch("/gateway/graphql", {
      method: "POST",
      credentials: "same-origin",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ query: QUERY, operationName: "PrivateSearchToken" }),
    });
    const body = (await response.json()) as { data?: { getPrivateApisJwt?: { token: string; expiresAt: string } } };
    const result = body.data?.getPrivateApisJwt;
    if (!result) return null;
    const expiresAt = Date.parse(result.expiresAt);
    if (!Number.isFinite(expiresAt)) return null;
    store({ userId, token: result.token, expiresAt });
    return result.token;
  } catch {
    return null;
  }
}

/** The private search token of the signed-in user `userId` (null when signed out or unavailable). */
export async function privateSearchToken(userId: string | null, now = Date.now()): Promise<string | null> {
  if (!userId) return null;
  const stored = readStored();
  if (stored && stored.userId === userId && stored.expiresAt - now > REFRESH_BEFORE_MS) return stored.token;
  pending ??= fetchToken(userId).finally(() => {
    pending = null;
  });
  return pending;
}
