import { z } from "zod";

/*
 * Spec section 7 analytics events, recorded in Portico's own table. Payload field names follow the spec
 * (search-click: product_id, search_index, position, query_id). Each type has a strict schema: unknown keys are
 * refused, strings are bounded, so the table only holds what the admin reports read.
 */

export const SEARCH_EVENT = "Search";
export const SEARCH_CLICK_EVENT = "SearchClick";

const id = z.string().min(1).max(100);

export const searchEventPayload = z.strictObject({
  /** Cleaned (spec section 5); an empty term is never searched, so it is never a Search event. */
  term: z.string().min(1).max(200),
  total: z.number().int().min(0).max(1_000_000_000),
  queryID: z.string().max(100).nullable(),
});

export const searchClickPayload = z.strictObject({
  product_id: id,
  search_index: z.string().min(1).max(100),
  /** 1-based position of the result in the list the user saw. */
  position: z.number().int().min(1).max(10_000),
  query_id: id,
});

/** Spec section 7: tutorial add/update/delete. */
export const TUTORIAL_EVENTS = ["TutorialAdded", "TutorialUpdated", "TutorialDeleted"] as const;
export type TutorialEventType = (typeof TUTORIAL_EVENTS)[number];

export const tutorialEventPayload = z.strictObject({ api_id: id, tutorial_id: id });

/** Spec section 7: SubscribedToPlan, written by the subscriptions domain inside the subscribe transaction. */
export const SUBSCRIBED_TO_PLAN_EVENT = "SubscribedToPlan";

export const subscribedToPlanPayload = z.strictObject({
  api_id: id,
  plan_id: id,
  subscription_id: id,
  app_id: id,
  /** Price per period in integer minor units (0 for a free plan). */
  price_minor: z.number().int().min(0),
  currency: z.string().length(3),
});

/** Spec section 7: Followed, written by the social domain inside the follow transaction (an API or a user). */
export const FOLLOWED_EVENT = "Followed";

export const followedPayload = z
  .strictObject({ api_id: id.optional(), user_id: id.optional() })
  .refine((p) => !!p.api_id !== !!p.user_id, { message: "Followed names an API or a user" });

/** Spec section 7: PressSubscribe, sent by the browser when someone presses a plan's Subscribe button. */
export const PRESS_SUBSCRIBE_EVENT = "PressSubscribe";

export const pressSubscribePayload = z.strictObject({ api_id: id, plan_id: id.nullable() });

export type SearchEventPayload = z.infer<typeof searchEventPayload>;
export type SearchClickPayload = z.infer<typeof searchClickPayload>;

export type AnalyticsEvent =
  | { type: typeof SEARCH_EVENT; payload: SearchEventPayload; userId?: string | null; sessionId?: string | null }
  | { type: typeof SEARCH_CLICK_EVENT; payload: SearchClickPayload; userId?: string | null; sessionId?: string | null }
  | {
      type: typeof PRESS_SUBSCRIBE_EVENT;
      payload: z.infer<typeof pressSubscribePayload>;
      userId?: string | null;
      sessionId?: string | null;
    }
  | {
      type: TutorialEventType;
      payload: z.infer<typeof tutorialEventPayload>;
      userId?: string | null;
      sessionId?: string | null;
    };

export interface TermCount {
  term: string;
  count: number;
}

export interface PositionClicks {
  position: number;
  clicks: number;
  /** clicks / searches in the same period (0 when there were no searches). */
  clickThroughRate: number;
}

export interface AnalyticsWindow {
  /** Epoch ms, inclusive. */
  since?: number;
  /** Epoch ms, exclusive. */
  until?: number;
  limit?: number;
}
