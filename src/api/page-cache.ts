import type { FastifyRequest } from "fastify";
import { isbot } from "isbot";
import { CSRF_COOKIE } from "./csrf";

/*
 * Decision 161: the rendered HTML of pages that are the same for every signed-out visitor (the routes opt in with
 * SHARED_PAGE_HEADER) is kept for a few seconds per tenant, address, language hints and cookies. Two values in that
 * HTML belong to one response only: the CSP nonce (script tags and the root loader's data) and the CSRF token (root
 * loader data). The stored page is split at them, and every answer joins the pieces with its own nonce and token, so
 * the Content-Security-Policy header of each response still matches the scripts it carries.
 */

export const PAGE_CACHE_TTL_MS = 5_000;
const MAX_ENTRIES = 200;
const MAX_ENTRY_CHARS = 2_000_000;

type Slot = "nonce" | "csrf";

export interface CachedPage {
  tenantId: string;
  status: number;
  headers: Array<[string, string]>;
  /** The HTML cut at every per-response value; slots[i] is what goes between pieces[i] and pieces[i + 1]. */
  pieces: string[];
  slots: Slot[];
  at: number;
}

/**
 * The cache key of a request that may be answered from a shared page, or null. Signed-in viewers never share pages;
 * every cookie but the per-visitor CSRF secret is part of the key (theme, consent choice, hub experience, language
 * choice and any later cookie that changes what a page renders), and so are the tenant, host, path with query,
 * Accept-Language (the "/" redirect reads it) and whether the client is a bot (bots get the fully rendered stream).
 */
export function sharedPageKey(request: FastifyRequest, tenantId: string): string | null {
  if (request.method !== "GET" || request.viewer) return null;
  const path = request.url.split("?")[0] ?? "";
  if (path.endsWith(".data")) return null;
  const cookies = Object.entries(request.cookies)
    .filter(([name, value]) => name !== CSRF_COOKIE && value !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join(";");
  const userAgent = request.headers["user-agent"];
  return JSON.stringify([
    tenantId,
    request.protocol,
    request.host,
    request.url,
    request.headers["accept-language"] ?? "",
    userAgent ? isbot(userAgent) : false,
    cookies,
  ]);
}

/** Splits rendered HTML at the response's nonce and CSRF token (both base64url text, never escaped in HTML or JSON). */
export function toCachedPage(
  html: string,
  values: { nonce: string; csrfToken: string },
  meta: { tenantId: string; status: number; headers: Array<[string, string]>; now: number },
): CachedPage | null {
  if (html.length > MAX_ENTRY_CHARS || !values.nonce || !values.csrfToken) return null;
  const pieces: string[] = [];
  const slots: Slot[] = [];
  let from = 0;
  for (;;) {
    const n = html.indexOf(values.nonce, from);
    const c = html.indexOf(values.csrfToken, from);
    if (n < 0 && c < 0) break;
    const isNonce = n >= 0 && (c < 0 || n < c);
    const at = isNonce ? n : c;
    pieces.push(html.slice(from, at));
    slots.push(isNonce ? "nonce" : "csrf");
    from = at + (isNonce ? values.nonce.length : values.csrfToken.length);
  }
  pieces.push(html.slice(from));
  return { tenantId: meta.tenantId, status: meta.status, headers: meta.headers, pieces, slots, at: meta.now };
}

/** The stored page with this response's own nonce and CSRF token. */
export function renderCachedPage(page: CachedPage, values: { nonce: string; csrfToken: string }): string {
  let html = page.pieces[0] ?? "";
  for (let i = 0; i < page.slots.length; i++) {
    html += (page.slots[i] === "nonce" ? values.nonce : values.csrfToken) + (page.pieces[i + 1] ?? "");
  }
  return html;
}

/** A small bounded map (oldest entry out first) with a time to live; a tenant's configuration change drops its pages. */
export class SharedPageCache {
  private readonly entries = new Map<string, CachedPage>();

  constructor(private readonly ttlMs = PAGE_CACHE_TTL_MS) {}

  get(key: string, now: number): CachedPage | null {
    const entry = this.entries.get(key);
    if (!entry) return null;
    if (now - entry.at >= this.ttlMs) {
      this.entries.delete(key);
      return null;
    }
    return entry;
  }

  set(key: string, page: CachedPage): void {
    this.entries.delete(key);
    if (this.entries.size >= MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, page);
  }

  dropTenant(tenantId: string): void {
    for (const [key, entry] of this.entries) if (entry.tenantId === tenantId) this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }
}
