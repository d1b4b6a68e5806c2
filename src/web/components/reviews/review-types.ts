import type { RatingSummary, Review } from "../../../core/ratings/reviews.service";
import { buttonClass } from "../ui/button";
import { fieldClass } from "../ui/input";

/** What the Reviews tab's loader hands its parts (the core shapes, serialized). */
export type ReviewView = Review;
export type RatingSummaryView = RatingSummary;

/** The review forms' fields and buttons: the shared UI parts' looks (decision 073). */
export const inputClass = fieldClass();
export const quietButton = buttonClass({ variant: "outline", size: "sm", inline: true });
export const primaryButton = buttonClass({ variant: "primary", size: "lg" });
