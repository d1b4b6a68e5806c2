import { describe, expect, it } from "vitest";
import { renderSpecMarkdown } from "./content-markdown";

describe("renderSpecMarkdown", () => {
  it("renders CommonMark emphasis, links and lists", async () => {
    const html = await renderSpecMarkdown(
      "Payments must be **Authorised**; see [guides](https://example.com/g).\n\n- a",
    );
    expect(html).toContain("<strong>Authorised</strong>");
    expect(html).toContain('<a href="https://example.com/g" rel="nofollow noopener noreferrer ugc" target="_blank">');
    expect(html).toContain("<li>a</li>");
  });

  it("escapes raw HTML and drops scripts, event handlers, unsafe links and images", async () => {
    const html = await renderSpecMarkdown(
      '<script>alert(1)</script> <img src=x onerror="alert(1)"> [x](javascript:alert(1)) [d](data:text/html,hi) ![p](https://t.example/p.gif)',
    );
    expect(html).not.toMatch(/<script|<img|href="javascript|href="data/i);
    expect(html).toContain("&lt;script&gt;");
  });

  it("returns plain text escaped without parsing it", async () => {
    expect(await renderSpecMarkdown("The resource id")).toBe("<p>The resource id</p>");
  });
});
