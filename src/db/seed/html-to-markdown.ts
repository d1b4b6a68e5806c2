/**
 * Spec descriptions (AWS, Azure...) are often HTML, but readmes are Markdown rendered with HTML off. This turns the
 * common tags into Markdown and drops the rest; the result is still sanitized when rendered.
 */
const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " ", "#39": "'" };

function decodeEntities(s: string): string {
  return s.replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (whole, name: string) => {
    const lower = name.toLowerCase();
    if (lower.startsWith("#x")) return String.fromCodePoint(Number.parseInt(lower.slice(2), 16) || 32);
    if (lower.startsWith("#"))
      return ENTITIES[lower] ?? String.fromCodePoint(Number.parseInt(lower.slice(1), 10) || 32);
    return ENTITIES[lower] ?? whole;
  });
}

export function htmlToMarkdown(input: string): string {
  if (!/<[a-z][^>]*>/i.test(input)) return input.trim();
  const md = input
    .replace(/\r\n?/g, "\n")
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, "")
    .replace(/<a\s[^>]*href\s*=\s*["']([^"']+)["'][^>]*>([\s\S]*?)<\/a>/gi, (_m, href: string, label: string) => {
      const text = label.replace(/<[^>]+>/g, "").trim();
      return /^https?:\/\//i.test(href) ? `[${text || href}](${href})` : text;
    })
    .replace(/<(b|strong)>([\s\S]*?)<\/\1>/gi, "**$2**")
    .replace(/<(i|em)>([\s\S]*?)<\/\1>/gi, "*$2*")
    .replace(/<code>([\s\S]*?)<\/code>/gi, "`$1`")
    .replace(
      /<h([1-6])[^>]*>([\s\S]*?)<\/h\1>/gi,
      (_m, level: string, t: string) => `\n\n${"#".repeat(Number(level))} ${t}\n\n`,
    )
    .replace(/<li[^>]*>/gi, "\n- ")
    .replace(/<br\s*\/?>/gi, "\n")
    .replace(/<\/(p|div|ul|ol|pre|blockquote|table|tr)>/gi, "\n\n")
    .replace(/<[^>]+>/g, "");
  return decodeEntities(md)
    .replace(/[ \t]+\n/g, "\n")
    .replace(/\n[ \t]+(?=\S)/g, (m) => (m.includes("-") ? m : "\n"))
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** Plain text of the first sentence (or the first `max` characters) of a Markdown/HTML description. */
export function firstSentence(input: string, max = 160): string {
  const plain = htmlToMarkdown(input)
    .replace(/!\[[^\]]*\]\([^)]*\)/g, "")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/[*_`#>]/g, "")
    .replace(/\s+/g, " ")
    .trim();
  const sentence = /^(.+?[.!?])(\s|$)/.exec(plain)?.[1] ?? plain;
  return sentence.length <= max ? sentence : `${sentence.slice(0, max - 1).trimEnd()}…`;
}
