import MarkdownIt from "markdown-it";

// Raw HTML in Markdown is off; DOMPurify runs afterwards anyway, so a parser bug cannot become stored XSS.
const md = new MarkdownIt({ html: false, linkify: true, typographer: false });

type Sanitize = (html: string) => string;
let sanitizerPromise: Promise<Sanitize> | null = null;

// Loaded on first use: jsdom (behind isomorphic-dompurify) is heavy and most pages never render Markdown.
function sanitizer(): Promise<Sanitize> {
  sanitizerPromise ??= import("isomorphic-dompurify").then(({ default: DOMPurify }) => {
    DOMPurify.addHook("afterSanitizeAttributes", (node) => {
      if (node.tagName === "A" && /^https?:/i.test(node.getAttribute("href") ?? "")) {
        node.setAttribute("rel", "nofollow noopener noreferrer ugc");
      }
    });
    return (html: string) =>
      DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: ["style", "form", "input", "button"] });
  });
  return sanitizerPromise;
}

const cache = new Map<string, string>();
const CACHE_LIMIT = 500;

/**
 * Markdown to sanitized HTML, on the server only (the browser gets the HTML, not a Markdown library).
 * `cacheKey` (e.g. id + updatedAt) lets hot pages skip re-rendering.
 */
export async function renderMarkdown(source: string, cacheKey?: string): Promise<string> {
  if (cacheKey) {
    const hit = cache.get(cacheKey);
    if (hit !== undefined) return hit;
  }
  const sanitize = await sanitizer();
  const html = sanitize(md.render(source));
  if (cacheKey) {
    if (cache.size >= CACHE_LIMIT) {
      const oldest = cache.keys().next().value;
      if (oldest !== undefined) cache.delete(oldest);
    }
    cache.set(cacheKey, html);
  }
  return html;
}
