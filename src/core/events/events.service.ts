import { newId } from "../../common/ids";
import type { Db, DbOrTrx } from "../../db/connection";
import { AppError } from "../errors/app-error";
import { cleanSearchTerm } from "../search/search-term";
import { countEvents, insertEvent, insertEventIn, selectClicksByPosition, selectTermCounts } from "./events.queries";
import {
  type AnalyticsEvent,
  type AnalyticsWindow,
  FOLLOWED_EVENT,
  followedPayload,
  type PositionClicks,
  PRESS_SUBSCRIBE_EVENT,
  pressSubscribePayload,
  SEARCH_CLICK_EVENT,
  SEARCH_EVENT,
  searchClickPayload,
  searchEventPayload,
  type TermCount,
  TUTORIAL_EVENTS,
  tutorialEventPayload,
} from "./events.types";

/** The payload as it will be stored (Search terms cleaned and lowercased); BAD_REQUEST when it does not fit its type. */
export function validPayload(event: AnalyticsEvent): Record<string, unknown> {
  if (event.type === SEARCH_EVENT) {
    // Terms are stored cleaned and lowercased, so "Weather" and "weather " count as one term in reports.
    const payload = { ...event.payload, term: cleanSearchTerm(event.payload.term).toLowerCase() };
    const parsed = searchEventPayload.safeParse(payload);
    if (parsed.success) return parsed.data;
    throw new AppError("BAD_REQUEST", `Invalid Search event: ${parsed.error.issues[0]?.message ?? "bad payload"}`);
  }
  if (event.type === SEARCH_CLICK_EVENT) {
    const parsed = searchClickPayload.safeParse(event.payload);
    if (parsed.success) return parsed.data;
    throw new AppError("BAD_REQUEST", `Invalid SearchClick event: ${parsed.error.issues[0]?.message ?? "bad payload"}`);
  }
  if (event.type === PRESS_SUBSCRIBE_EVENT) {
    const parsed = pressSubscribePayload.safeParse(event.payload);
    if (parsed.success) return parsed.data;
    throw new AppError(
      "BAD_REQUEST",
      `Invalid PressSubscribe event: ${parsed.error.issues[0]?.message ?? "bad payload"}`,
    );
  }
  if ((TUTORIAL_EVENTS as readonly string[]).includes(event.type)) {
    const parsed = tutorialEventPayload.safeParse(event.payload);
    if (parsed.success) return parsed.data;
    throw new AppError(
      "BAD_REQUEST",
      `Invalid ${event.type} event: ${parsed.error.issues[0]?.message ?? "bad payload"}`,
    );
  }
  throw new AppError("BAD_REQUEST", "Unknown event type");
}

/** Records one analytics event of the tenant after validating its payload for its type; returns the event id. */
export async function recordEvent(db: Db, tenantId: string, event: AnalyticsEvent, now = Date.now()): Promise<string> {
  const payload = validPayload(event);
  const id = newId("evt");
  await insertEvent(db, {
    id,
    tenant_id: tenantId,
    type: event.type,
    user_id: event.userId ?? null,
    session_id: event.sessionId ?? null,
    payload: JSON.stringify(payload),
    created_at: now,
  });
  return id;
}

/** Spec section 7 Followed: inside the follow's transaction, so an event exists exactly when a follow was added. */
export async function recordFollowedIn(
  h: DbOrTrx,
  tenantId: string,
  userId: string,
  target: { api_id: string } | { user_id: string },
  now: number,
): Promise<void> {
  const payload = followedPayload.parse(target);
  await insertEventIn(h, {
    id: newId("evt"),
    tenant_id: tenantId,
    type: FOLLOWED_EVENT,
    user_id: userId,
    session_id: null,
    payload: JSON.stringify(payload),
    created_at: now,
  });
}

function window(opts: AnalyticsWindow) {
  return {
    since: opts.since ?? 0,
    until: opts.until ?? Number.MAX_SAFE_INTEGER,
    limit: Math.min(Math.max(opts.limit ?? 20, 1), 500),
  };
}

/** Most searched terms in the window, most frequent first. */
export async function topSearchTerms(db: Db, tenantId: string, opts: AnalyticsWindow = {}): Promise<TermCount[]> {
  const rows = await selectTermCounts(db, tenantId, { type: SEARCH_EVENT, ...window(opts), zeroResultsOnly: false });
  return rows.map((r) => ({ term: r.term, count: r.n }));
}

/** Terms that found nothing, most frequent first: what the catalog is missing or how people misspell it. */
export async function zeroResultSearchTerms(
  db: Db,
  tenantId: string,
  opts: AnalyticsWindow = {},
): Promise<TermCount[]> {
  const rows = await selectTermCounts(db, tenantId, { type: SEARCH_EVENT, ...window(opts), zeroResultsOnly: true });
  return rows.map((r) => ({ term: r.term, count: r.n }));
}

/**
 * Result clicks per position, with the share of searches in the same window that led to a click there (clicks at the
 * position / Search events; docs/decisions/012-search-analytics-events.md).
 */
export async function clickThroughByPosition(
  db: Db,
  tenantId: string,
  opts: AnalyticsWindow = {},
): Promise<PositionClicks[]> {
  const w = window(opts);
  const [rows, searches] = await Promise.all([
    selectClicksByPosition(db, tenantId, { type: SEARCH_CLICK_EVENT, ...w }),
    countEvents(db, tenantId, SEARCH_EVENT, w.since, w.until),
  ]);
  return rows.map((r) => ({
    position: r.position,
    clicks: r.n,
    clickThroughRate: searches === 0 ? 0 : r.n / searches,
  }));
}
