import MarkdownIt from "markdown-it";
import { sanitizeSlug } from "../../common/slug";

/*
 * Tutorials and discussions are user-written Markdown shown to everyone, so: raw HTML off in the parser, markdown-it's
 * own link validation (no javascript:/vbscript:/file:/data: links), then DOMPurify over the result anyway, so a
 * parser bug cannot become stored XSS. The browser receives HTML only.
 */
const md = new MarkdownIt({ html: false, linkify: true, typographer: false });

export interface TocEntry {
  /** The heading's id in the rendered HTML (prefixed, so it never clashes with DOM properties). */
  id: string;
  text: string;
}

export interface RenderedMarkdown {
  html: string;
  /** Spec: the table of contents is built from H1 headings. */
  toc: TocEntry[];
}

type Sanitize = (html: string) => string;
let sanitizerPromise: Promise<Sanitize> | null = null;

// Loaded on first use: jsdom (behind isomorphic-dompurify) is heavy.
function sanitizer(): Promise<Sanitize> {
  sanitizerPromise ??= import("isomorphic-dompurify").then(({ default: DOMPurify }) => {
    DOMPurify.addHook("afterSanitizeAttributes", (node) => {
      if (node.tagName === "A") {
        const href = node.getAttribute("href") ?? "";
        if (/^https?:/i.test(href)) {
          node.setAttribute("rel", "nofollow noopener noreferrer ugc");
          node.setAttribute("target", "_blank");
        }
      }
    });
    return (html: string) =>
      DOMPurify.sanitize(html, {
        USE_PROFILES: { html: true },
        FORBID_TAGS: ["style", "form", "input", "button", "textarea", "select", "iframe", "object", "embed"],
        FORBID_ATTR: ["style"],
        ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|#|\/(?!\/))/i,
      });
  });
  return sanitizerPromise;
}

/** Heading id for a TOC entry: "toc-" + the slug of its text, de-duplicated with -2, -3... */
function headingId(text: string, used: Map<string, number>): string {
  const base = `toc-${sanitizeSlug(text) || "section"}`;
  const count = (used.get(base) ?? 0) + 1;
  used.set(base, count);
  return count === 1 ? base : `${base}-${count}`;
}

type Token = ReturnType<typeof md.parse>[number];

/** Gives every H1 an id and returns them in order. */
function annotateH1(tokens: Token[]): TocEntry[] {
  const used = new Map<string, number>();
  const toc: TocEntry[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    if (token?.type !== "heading_open" || token.tag !== "h1") continue;
    const text = (tokens[i + 1]?.children ?? [])
      .filter((child) => child.type === "text" || child.type === "code_inline")
      .map((child) => child.content)
      .join("")
      .trim();
    const id = headingId(text, used);
    token.attrSet("id", id);
    toc.push({ id, text: text || "Section" });
  }
  return toc;
}

/** Renders Markdown to sanitized HTML, giving each H1 an id and listing the H1s as the table of contents. */
export async function renderContentMarkdown(source: string): Promise<RenderedMarkdown> {
  const tokens = md.parse(source, {});
  const toc = annotateH1(tokens);
  const sanitize = await sanitizer();
  return { html: sanitize(md.renderer.render(tokens, md.options, {})), toc };
}

/** The H1 table of contents without rendering. */
export function tableOfContents(source: string): TocEntry[] {
  return annotateH1(md.parse(source, {}));
}

// Spec descriptions are CommonMark (OpenAPI 3): mostly plain sentences, so text without Markdown syntax skips the
// parser and the sanitizer and comes back escaped.
const MARKDOWN_SYNTAX = /[*_`[\]<>#|!\\&]|\n\s*\n|^\s*([-+]|\d+\.)\s/m;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/*
 * Spec descriptions run on every operation a reader opens (a 1,100-operation reference renders dozens per page), and
 * DOMPurify over jsdom measured 7-17 ms per description on the shared machine. They are rendered by markdown-it in its
 * safe configuration instead (decision 110): raw HTML off (every "<" is escaped), links only to http(s), mailto or
 * in-page anchors, no images (no tracking pixels from a spec), links opened apart with nofollow. Remembered per text:
 * a version's texts never change and repeat across its operations.
 */
const specMd = new MarkdownIt({ html: false, linkify: true, typographer: false });
specMd.disable("image");
specMd.validateLink = (url) => /^(?:https?:|mailto:|#)/i.test(url.trim());
specMd.renderer.rules.link_open = (tokens, idx, options, _env, self) => {
  const token = tokens[idx];
  if (token && /^https?:/i.test(token.attrGet("href") ?? "")) {
    token.attrSet("rel", "nofollow noopener noreferrer ugc");
    token.attrSet("target", "_blank");
  }
  return self.renderToken(tokens, idx, options);
};
const specCache = new Map<string, string>();
const SPEC_CACHE_LIMIT = 5_000;

/** One spec description (OpenAPI: CommonMark) as safe HTML. */
export function renderSpecMarkdown(source: string): Promise<string> {
  if (!MARKDOWN_SYNTAX.test(source)) return Promise.resolve(`<p>${escapeHtml(source.trim())}</p>`);
  const cached = specCache.get(source);
  if (cached !== undefined) return Promise.resolve(cached);
  const html = specMd.render(source);
  if (specCache.size >= SPEC_CACHE_LIMIT) {
    const oldest = specCache.keys().next().value;
    if (oldest !== undefined) specCache.delete(oldest);
  }
  specCache.set(source, html);
  return Promise.resolve(html);
}
