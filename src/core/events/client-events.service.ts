import { createHash } from "node:crypto";
import type { z } from "zod";
import type { Db } from "../../db/connection";
import { reserveAttempt } from "../accounts/attempt-limits.service";
import { clientIpKey } from "../accounts/client-ip";
import { hourlyLimit } from "../accounts/login-throttle";
import { isAppError } from "../errors/app-error";
import { recordEvent, validPayload } from "./events.service";
import {
  PRESS_SUBSCRIBE_EVENT,
  type pressSubscribePayload,
  type SEARCH_CLICK_EVENT,
  SEARCH_EVENT,
  type SearchClickPayload,
  type SearchEventPayload,
} from "./events.types";

/*
 * Analytics events posted by browsers (trackSearchEvent, trackSearchClick) are public: anyone, signed out included,
 * can send them. Unchecked, one client could post a term thousands of times and own the admin's top terms. So, per
 * tenant and per client, within the hour (the sign-in throttle's window and table, purged by the worker):
 * - a budget of CLIENT_EVENTS_PER_HOUR events per IP address (an IPv6 client per /64), and
 * - de-duplication: the same Search term, or the same click (product, position, query), counts once.
 * The client is the signed-in user, or the IP address when signed out. A signed-out "anonymous id" (a cookie) was
 * not used: the sender chooses it, so a new one per request would undo both rules. Behind a proxy, TRUST_PROXY must
 * be set, or every visitor shares the proxy's address and budget.
 * Dropped events are not errors: the browser fires and forgets, and the sender learns nothing from the answer.
 */

/** A person searching hard sends a few Search events a minute; 300 an hour leaves room for an office behind one NAT. */
export const CLIENT_EVENTS_PER_HOUR = 300;

export interface EventClient {
  /** The request's client address (request.ip). */
  ip: string;
  /** The signed-in user of this tenant, or null. */
  userId: string | null;
}

export type ClientEvent =
  | { type: typeof SEARCH_EVENT; payload: SearchEventPayload }
  | { type: typeof SEARCH_CLICK_EVENT; payload: SearchClickPayload }
  | { type: typeof PRESS_SUBSCRIBE_EVENT; payload: z.infer<typeof pressSubscribePayload> };

function hash(text: string): string {
  return createHash("sha256").update(text).digest("base64url").slice(0, 32);
}

/** What makes two events "the same" for de-duplication, from the payload as stored. */
function sameness(type: ClientEvent["type"], payload: Record<string, unknown>): string {
  if (type === SEARCH_EVENT) return JSON.stringify([type, payload.term]);
  if (type === PRESS_SUBSCRIBE_EVENT) return JSON.stringify([type, payload.api_id, payload.plan_id]);
  return JSON.stringify([type, payload.product_id, payload.search_index, payload.position, payload.query_id]);
}

/** Counts one use of `key` in its hourly window; false once the window's `max` is spent (or under heavy contention). */
async function take(db: Db, tenantId: string, key: string, max: number, now: number): Promise<boolean> {
  try {
    await reserveAttempt(db, tenantId, key, now, hourlyLimit(max));
    return true;
  } catch (error) {
    if (isAppError(error) && error.code === "RATE_LIMITED") return false;
    throw error;
  }
}

/**
 * Records a browser's analytics event unless it is over the client's budget or a repeat; true when recorded. Bad
 * payloads are BAD_REQUEST before anything is counted.
 */
export async function recordClientEvent(
  db: Db,
  tenantId: string,
  event: ClientEvent,
  client: EventClient,
  now = Date.now(),
): Promise<boolean> {
  const payload = validPayload({ ...event, userId: client.userId });
  const ip = clientIpKey(client.ip);
  // The budget first: it also bounds how many de-duplication rows one address can create.
  if (!(await take(db, tenantId, `events-ip:${ip}`, CLIENT_EVENTS_PER_HOUR, now))) return false;
  const who = client.userId ? `user:${client.userId}` : `ip:${ip}`;
  if (!(await take(db, tenantId, `events-once:${hash(`${who}\u0000${sameness(event.type, payload)}`)}`, 1, now))) {
    return false;
  }
  await recordEvent(db, tenantId, { ...event, userId: client.userId }, now);
  return true;
}
