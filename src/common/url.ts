/**
 * Spec section 5: a URL is valid only if http or https with a host or IP, optional port, path, query, fragment.
 * Sanitised URLs that become about:blank turn into "/".
 */
export function isValidHttpUrl(input: string): boolean {
  if (typeof input !== "string" || input.length > 2048 || /\s/.test(input)) return false;
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    return false;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return false;
  if (!url.hostname) return false;
  return /^https?:\/\/[^/?#]+/i.test(input);
}

/** Returns a URL safe to put in an href: http(s) or a same-site path; anything else becomes "/". */
export function sanitizeHref(input: string | null | undefined): string {
  if (!input) return "/";
  const trimmed = input.trim();
  if (trimmed.startsWith("/") && !trimmed.startsWith("//")) return trimmed;
  return isValidHttpUrl(trimmed) ? trimmed : "/";
}
