import { describe, expect, it } from "vitest";
import { renderContentMarkdown, tableOfContents } from "./content-markdown";

describe("tutorial Markdown", () => {
  it("builds the table of contents from H1 headings only, with unique ids on the headings", async () => {
    const source = "# Getting started\n\nIntro\n\n## Not in TOC\n\n# Authenticate `keys`\n\n# Getting started\n";
    const rendered = await renderContentMarkdown(source);
    expect(rendered.toc).toEqual([
      { id: "toc-getting-started", text: "Getting started" },
      { id: "toc-authenticate-keys", text: "Authenticate keys" },
      { id: "toc-getting-started-2", text: "Getting started" },
    ]);
    expect(rendered.html).toContain('<h1 id="toc-getting-started">Getting started</h1>');
    expect(rendered.html).toContain('<h1 id="toc-getting-started-2">');
    expect(rendered.html).toContain("<h2>Not in TOC</h2>");
    expect(tableOfContents(source)).toEqual(rendered.toc);
    expect(tableOfContents("no headings\n\n## two")).toEqual([]);
  });

  it("never lets script through: raw HTML, event handlers, javascript: and data: links", async () => {
    const hostile = [
      "<script>alert(1)</script>",
      '<img src=x onerror="alert(1)">',
      "[click](javascript:alert(1))",
      "[click2](JaVaScRiPt:alert(1))",
      "[data](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
      "![img](javascript:alert(1))",
      '<a href="javascript:alert(1)">x</a>',
      "<iframe src=https://evil.test></iframe>",
      "<svg onload=alert(1)>",
      "[vb](vbscript:msgbox(1))",
    ].join("\n\n");
    const { html } = await renderContentMarkdown(hostile);
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<img[^>]*onerror/i);
    // Inside real tags only: the escaped source text legitimately contains 'href="javascript:'.
    expect(html).not.toMatch(/<a\b[^>]*href="\s*(javascript|data|vbscript):/i);
    expect(html).not.toMatch(/<img\b[^>]*src="\s*javascript:/i);
    expect(html).not.toMatch(/<iframe|<svg/i);
    // Raw HTML is shown as text, not dropped silently.
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
  });

  it("keeps ordinary Markdown and marks external links nofollow", async () => {
    const { html } = await renderContentMarkdown("**bold** [docs](https://example.com/docs) `code`\n\n- a\n- b");
    expect(html).toContain("<strong>bold</strong>");
    expect(html).toContain('href="https://example.com/docs"');
    expect(html).toContain('rel="nofollow noopener noreferrer ugc"');
    expect(html).toContain("<code>code</code>");
    expect(html).toContain("<li>a</li>");
  });
});
