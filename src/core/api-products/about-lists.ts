import { z } from "zod";
import { isValidHttpUrl } from "../../common/url";
import type { ApiResource } from "../catalog/catalog.types";

/* The About tab's lists a provider edits: features (benefits) and resources (title + link), spec section 3. */

export const ABOUT_LIST_MAX = 20;
export const FEATURE_MAX = 200;
export const RESOURCE_TITLE_MAX = 120;
const URL_NOT_VALID = "The URL is not valid. Please verify.";

export const featuresSchema = z
  .array(z.string())
  .transform((items) => items.map((i) => i.trim()).filter((i) => i !== ""))
  .superRefine((items, ctx) => {
    if (items.length > ABOUT_LIST_MAX)
      ctx.addIssue({ code: "custom", message: `List at most ${ABOUT_LIST_MAX} features` });
    const long = items.findIndex((i) => i.length > FEATURE_MAX);
    if (long >= 0) {
      ctx.addIssue({ code: "custom", message: `Line ${long + 1}: keep each feature under ${FEATURE_MAX} characters` });
    }
  });

export const resourcesSchema = z
  .array(z.object({ title: z.string(), url: z.string() }))
  .transform((items) =>
    items.map((r) => ({ title: r.title.trim(), url: r.url.trim() })).filter((r) => r.title !== "" || r.url !== ""),
  )
  .superRefine((items, ctx) => {
    if (items.length > ABOUT_LIST_MAX) {
      ctx.addIssue({ code: "custom", message: `List at most ${ABOUT_LIST_MAX} resources` });
    }
    // One message per list (the form shows one per field): the first bad line.
    for (const [i, r] of items.entries()) {
      if (!isValidHttpUrl(r.url) || r.url.length > 2048) {
        ctx.addIssue({ code: "custom", message: `Line ${i + 1}: ${URL_NOT_VALID}` });
        return;
      }
      if (r.title === "" || r.title.length > RESOURCE_TITLE_MAX) {
        ctx.addIssue({
          code: "custom",
          message: `Line ${i + 1}: give a title of 1 to ${RESOURCE_TITLE_MAX} characters`,
        });
        return;
      }
    }
  });

/** Features typed one per line. */
export function featuresFromText(text: string): string[] {
  return text.split(/\r?\n/);
}

/**
 * Resources typed one per line as "Title https://link": the last word is the link, the rest the title. A line that
 * is only a link gets the link as its title.
 */
export function resourcesFromText(text: string): ApiResource[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== "")
    .map((line) => {
      const at = line.search(/\S+$/);
      const url = line.slice(at);
      const title = line
        .slice(0, at)
        .trim()
        .replace(/[\s:–—-]+$/, "");
      return { title: title || url, url };
    });
}

export function featuresToText(features: readonly string[]): string {
  return features.join("\n");
}

export function resourcesToText(resources: readonly ApiResource[]): string {
  return resources.map((r) => (r.title === r.url ? r.url : `${r.title} ${r.url}`)).join("\n");
}
