import { z } from "zod";
import { isValidSlug } from "../../common/slug";
import { isValidHttpUrl } from "../../common/url";
import { HEALTH_PATH_INVALID, isValidHealthPath, validateHealthPath } from "../health/health-target";
import { featuresSchema, resourcesSchema } from "./about-lists";

/** Spec section 5, word for word. */
export const URL_NOT_VALID = "The URL is not valid. Please verify.";
export const SLUG_NOT_VALID = "The slug may only hold lower-case letters, digits and single dashes";
export const NAME_NOT_VALID = "Enter a name of 2 to 100 characters";

const optionalUrl = z
  .string()
  .trim()
  .max(2048, URL_NOT_VALID)
  .nullish()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || isValidHttpUrl(v), URL_NOT_VALID);

const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .nullish()
    .transform((v) => v ?? "");

/** What the studio's API form sends; every field of an update is optional. */
export const apiFieldsSchema = z.object({
  name: z.string().trim().min(2, NAME_NOT_VALID).max(100, NAME_NOT_VALID),
  /** Empty: derived from the name. */
  slug: z
    .string()
    .trim()
    .max(100, SLUG_NOT_VALID)
    .nullish()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || isValidSlug(v), SLUG_NOT_VALID),
  categoryId: z
    .string()
    .trim()
    .max(100)
    .nullish()
    .transform((v) => (v ? v : null)),
  shortDescription: optionalText(300, "Keep the short description under 300 characters"),
  readme: optionalText(50_000, "Keep the description under 50,000 characters"),
  visibility: z.enum(["PUBLIC", "PRIVATE"], { error: "Visibility must be PUBLIC or PRIVATE" }).default("PUBLIC"),
  website: optionalUrl,
  termsOfUse: optionalUrl,
  thumbnail: optionalUrl,
  /** The About tab's features (benefits) and resources (title + link). */
  features: featuresSchema.default([]),
  resources: resourcesSchema.default([]),
  /** Checked again by the SSRF guard (private addresses only when the operator allows them). */
  upstreamUrl: z
    .string()
    .trim()
    .max(2048, URL_NOT_VALID)
    .nullish()
    .transform((v) => (v ? v : null)),
  /** What the health probe calls on the upstream (decision 101); empty: its base URL. */
  healthPath: z
    .string()
    .nullish()
    .refine((v) => isValidHealthPath(v), HEALTH_PATH_INVALID)
    .transform((v) => validateHealthPath(v)),
});

export const createApiSchema = apiFieldsSchema.extend({
  /** Personal (null or the viewer's id) or an organization the viewer publishes for (a team means its organization). */
  contextId: z
    .string()
    .trim()
    .max(100)
    .nullish()
    .transform((v) => (v ? v : null)),
});

export const updateApiSchema = apiFieldsSchema.partial();

export type CreateApiInput = z.infer<typeof createApiSchema>;
export type UpdateApiInput = z.infer<typeof updateApiSchema>;
