import type { ChangelogEntry } from "./spec-changelog.service";

/*
 * The Atom (RFC 4287) feed of an API's changelog: one entry per imported version, newest first, its changes as HTML
 * content (escaped inside the XML, so feed readers render it and nothing in a spec can break the document).
 */

const XML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };

export function escapeXml(text: string): string {
  // Characters XML 1.0 forbids are dropped (a spec's summary may hold anything).
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing the control characters XML cannot carry
  const clean = text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, "");
  return clean.replace(/[&<>"']/g, (c) => XML_ESCAPES[c] ?? c);
}

function entryHtml(entry: ChangelogEntry): string {
  const lines: string[] = [];
  const op = (o: { method: string; path: string }) => `<code>${escapeXml(`${o.method} ${o.path}`)}</code>`;
  if (entry.diff.removed.length > 0) {
    lines.push("<h3>Removed (breaking)</h3><ul>", ...entry.diff.removed.map((o) => `<li>${op(o)}</li>`), "</ul>");
  }
  if (entry.diff.added.length > 0) {
    lines.push("<h3>Added</h3><ul>", ...entry.diff.added.map((o) => `<li>${op(o)}</li>`), "</ul>");
  }
  if (entry.diff.changed.length > 0) {
    lines.push("<h3>Changed</h3><ul>");
    for (const c of entry.diff.changed) {
      const items = c.changes.map(
        (ch) => `<li>${ch.breaking ? "<strong>Breaking:</strong> " : ""}${escapeXml(ch.message)}</li>`,
      );
      lines.push(`<li>${op(c)}<ul>${items.join("")}</ul></li>`);
    }
    lines.push("</ul>");
  }
  return lines.join("");
}

export interface ChangelogFeedInput {
  apiName: string;
  /** Absolute URL of the API's Changelog tab. */
  pageUrl: string;
  /** Absolute URL of this feed. */
  feedUrl: string;
  entries: readonly ChangelogEntry[];
  /** When the feed last changed if there are no entries (the API's update time). */
  updatedAt: number;
}

export function changelogAtom(input: ChangelogFeedInput): string {
  const updated = new Date(input.entries[0]?.createdAt ?? input.updatedAt).toISOString();
  const entries = input.entries.map((e) => {
    const breaking =
      e.breakingCount > 0 ? ` (${e.breakingCount} breaking change${e.breakingCount === 1 ? "" : "s"})` : "";
    const title = `${input.apiName} ${e.version}${breaking}`;
    const link = `${input.pageUrl}#v-${e.versionId}`;
    return [
      "<entry>",
      `<id>${escapeXml(`${input.feedUrl}#${e.versionId}`)}</id>`,
      `<title>${escapeXml(title)}</title>`,
      `<updated>${new Date(e.createdAt).toISOString()}</updated>`,
      `<link rel="alternate" type="text/html" href="${escapeXml(link)}"/>`,
      `<content type="html">${escapeXml(entryHtml(e))}</content>`,
      "</entry>",
    ].join("");
  });
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `<id>${escapeXml(input.feedUrl)}</id>`,
    `<title>${escapeXml(`${input.apiName} changelog`)}</title>`,
    `<updated>${updated}</updated>`,
    `<link rel="self" type="application/atom+xml" href="${escapeXml(input.feedUrl)}"/>`,
    `<link rel="alternate" type="text/html" href="${escapeXml(input.pageUrl)}"/>`,
    ...entries,
    "</feed>",
  ].join("\n");
}
