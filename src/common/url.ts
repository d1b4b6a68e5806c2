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

/**
 * True for a path on this site: "/" followed by anything but a second slash or a backslash. Browsers read "//host",
 * "/\host" and "/<tab>/host" (tabs and newlines are stripped inside URLs) as another origin, so the whole path may hold
 * no backslash, whitespace or control character, and may not start with an encoded slash or backslash ("/%2F", "/%5C"),
 * which a server that decodes before redirecting would turn into the same trick.
 */
export function isSameSitePath(input: string): boolean {
  if (typeof input !== "string" || input.length === 0 || input.length > 2048) return false;
  if (input[0] !== "/" || input[1] === "/") return false;
  if (input.includes("\\") || /%5c/i.test(input) || /^\/%2f/i.test(input)) return false;
  for (let i = 0; i < input.length; i++) {
    const code = input.charCodeAt(i);
    if (code <= 0x20 || code === 0x7f) return false;
  }
  return !/\s/.test(input);
}

/** Returns a URL safe to put in an href: http(s) or a same-site path; anything else becomes "/". */
export function sanitizeHref(input: string | null | undefined): string {
  if (!input) return "/";
  const trimmed = input.trim();
  if (isSameSitePath(trimmed)) return trimmed;
  return isValidHttpUrl(trimmed) ? trimmed : "/";
}
