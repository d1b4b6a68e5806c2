import { isSameSitePath, isValidHttpUrl } from "../../common/url";

/**
 * Where a notification's call to action or image may point: a path on this site or an http(s) address. Never
 * javascript:, data:, protocol-relative ("//evil.example") or its browser-equivalent spellings ("/\evil.example",
 * "/%5Cevil.example", "/<tab>/evil.example"), which a plain startsWith("/") check let through.
 */
export function isSafeNotificationUrl(value: string): boolean {
  return isSameSitePath(value) || isValidHttpUrl(value);
}

/** The sanitizer's rule for links inside a notification body: http(s), mailto, or a same-site path as above. */
export const BODY_LINK_PATTERN = /^(?:https?:|mailto:|\/(?![/\\]|%2f|%5c))/i;
