import { describe, expect, it } from "vitest";
import { renderMarkdown } from "./markdown.server";

describe("renderMarkdown", () => {
  it("renders Markdown and escapes raw HTML", async () => {
    const html = await renderMarkdown("# Title\n\n<script>alert(1)</script>\n\n[x](javascript:alert(1)) **b**");
    expect(html).toContain("<h1>Title</h1>");
    expect(html).toContain("<strong>b</strong>");
    expect(html).not.toContain("<script");
    expect(html).not.toMatch(/href="javascript:/i);
  });
  it("marks external links nofollow", async () => {
    const html = await renderMarkdown("<https://example.com>");
    expect(html).toContain('rel="nofollow noopener noreferrer ugc"');
  });
});
