import { z } from "zod";
import { isValidHttpUrl } from "../../common/url";

export const TUTORIAL_MESSAGES = {
  titleRequired: "Title is required",
  titleTooLong: "Title must be at most 150 characters",
  bodyRequired: "Body is required",
  bodyTooLong: "Body must be at most 100,000 characters",
  // Spec section 5 URL rule; the same text as the spotlight editor's.
  urlInvalid: "The URL is not valid. Please verify.",
  notFound: "Tutorial Not Found",
} as const;

export const TUTORIAL_TITLE_MAX = 150;
export const TUTORIAL_BODY_MAX = 100_000;

const optionalUrl = z
  .string()
  .trim()
  .nullish()
  .transform((value) => (value ? value : null))
  .refine((value) => value === null || isValidHttpUrl(value), TUTORIAL_MESSAGES.urlInvalid);

/** Spec section 2 tutorial editor: title, thumbnail URL (optional), body in Markdown, draft or published. */
export const tutorialInputSchema = z.object({
  title: z
    .string({ error: TUTORIAL_MESSAGES.titleRequired })
    .trim()
    .min(1, TUTORIAL_MESSAGES.titleRequired)
    .max(TUTORIAL_TITLE_MAX, TUTORIAL_MESSAGES.titleTooLong),
  thumbnailUrl: optionalUrl,
  body: z
    .string({ error: TUTORIAL_MESSAGES.bodyRequired })
    .refine((value) => value.trim().length > 0, TUTORIAL_MESSAGES.bodyRequired)
    .refine((value) => value.length <= TUTORIAL_BODY_MAX, TUTORIAL_MESSAGES.bodyTooLong),
  draft: z.boolean().default(true),
});

/** On update every field is optional; omitted ones keep their value. */
export const tutorialUpdateSchema = tutorialInputSchema.partial().extend({ draft: z.boolean().optional() });

export type TutorialInput = z.input<typeof tutorialInputSchema>;
export type TutorialUpdate = z.input<typeof tutorialUpdateSchema>;
