import type { RatingSummary, Review } from "../../../core/ratings/ratings.service";

/** What the Reviews tab's loader hands its parts (the core shapes, serialized). */
export type ReviewView = Review;
export type RatingSummaryView = RatingSummary;

export const inputClass =
  "w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-[15px] text-slate-900 shadow-sm outline-none focus:border-accent focus:ring-2 focus:ring-accent/25 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100";

export const quietButton =
  "inline-flex items-center gap-1.5 rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:border-accent hover:text-accent disabled:opacity-60 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200";
