import { createHash } from "node:crypto";
import { privateApiIdsFor } from "../access/private-apis.service";
import type { UseCaseContext } from "../use-case-context";
import {
  findCachedLogo,
  findCollectionThumbnail,
  findVisibleApiThumbnail,
  isPrivateApi,
  saveCachedLogo,
} from "./api-logo.queries";
import { fetchLogo, type LogoFetchOptions } from "./logo-fetch";

/*
 * /logos/<api id> and /logos/collection-<id>: an API's (or collection's) remote logo served from our own origin (decision 142). Fetched on the server once, kept
 * in api_logos, fetched again after a week; a failure (unreachable host, not an image, too large, private address)
 * is remembered for an hour and the API shows its initials. Concurrent requests for the same address share one fetch.
 */

const HOUR = 60 * 60 * 1000;
export const LOGO_KEEP_MS = 7 * 24 * HOUR;
export const LOGO_RETRY_FAILED_MS = HOUR;

export type RemoteLogo = { contentType: string; bytes: Buffer } | null;

/** Whose logo: an API's (its thumbnail) or a collection's (the thumbnail of one of its APIs). */
export type LogoOwner = { kind: "api"; id: string } | { kind: "collection"; id: string };

export interface ReadLogoInput extends LogoFetchOptions {
  owner: LogoOwner;
  now?: number;
}

const inFlight = new Map<string, Promise<RemoteLogo>>();

export function logoUrlHash(url: string): string {
  return createHash("sha256").update(url).digest("hex");
}

/** The remote address behind an owner's logo, if the caller may see the owner. */
async function remoteLogoUrl(ctx: UseCaseContext, owner: LogoOwner): Promise<string | null> {
  const { db, tenantId, viewer } = ctx;
  let url: string | null;
  if (owner.kind === "collection") {
    url = (await findCollectionThumbnail(db, tenantId, owner.id)) ?? null;
  } else {
    // The private list is only worked out for a private API (a logo request per card must stay cheap).
    const privateIds =
      viewer && (await isPrivateApi(db, tenantId, owner.id)) ? await privateApiIdsFor(db, tenantId, viewer) : [];
    url = (await findVisibleApiThumbnail(db, tenantId, owner.id, privateIds))?.thumbnail ?? null;
  }
  return url && /^https?:\/\//i.test(url) ? url : null;
}

/**
 * The logo of an API or collection the caller may see, from the cache or fetched now; null when there is none (no
 * such owner, no remote thumbnail, or the fetch failed).
 */
export async function readLogo(ctx: UseCaseContext, input: ReadLogoInput): Promise<RemoteLogo> {
  const { db, tenantId } = ctx;
  const url = await remoteLogoUrl(ctx, input.owner);
  if (!url) return null;
  const urlHash = logoUrlHash(url);
  const now = input.now ?? Date.now();
  const cached = await findCachedLogo(db, tenantId, urlHash);
  if (cached && cached.url === url && Number(cached.retry_at) > now) {
    return cached.content_type && cached.body_base64 !== null
      ? { contentType: cached.content_type, bytes: Buffer.from(cached.body_base64, "base64") }
      : null;
  }
  const key = `${tenantId}:${urlHash}`;
  const running = inFlight.get(key);
  if (running) return running;
  const work = (async (): Promise<RemoteLogo> => {
    const result = await fetchLogo(url, input);
    // A picture that could not be fetched again is kept (the host may be down for a while) and retried in an hour.
    const kept =
      !result.ok && cached?.url === url && cached.content_type && cached.body_base64 !== null ? cached : null;
    await saveCachedLogo(db, tenantId, {
      url_hash: urlHash,
      url,
      content_type: result.ok ? result.contentType : (kept?.content_type ?? null),
      body_base64: result.ok ? result.bytes.toString("base64") : (kept?.body_base64 ?? null),
      failure: result.ok ? null : result.failure,
      fetched_at: result.ok || !kept ? now : Number(kept.fetched_at),
      retry_at: now + (result.ok ? LOGO_KEEP_MS : LOGO_RETRY_FAILED_MS),
    });
    if (result.ok) return { contentType: result.contentType, bytes: result.bytes };
    return kept?.content_type && kept.body_base64 !== null
      ? { contentType: kept.content_type, bytes: Buffer.from(kept.body_base64, "base64") }
      : null;
  })().finally(() => inFlight.delete(key));
  inFlight.set(key, work);
  return work;
}
