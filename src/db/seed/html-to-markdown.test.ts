import { describe, expect, it } from "vitest";
import { firstSentence, htmlToMarkdown } from "./html-to-markdown";

describe("htmlToMarkdown", () => {
  it("leaves Markdown without tags alone", () => {
    expect(htmlToMarkdown("  # Title\n\nSome *text*  ")).toBe("# Title\n\nSome *text*");
  });

  it("turns paragraphs, links, emphasis and lists into Markdown and drops other tags and scripts", () => {
    const html =
      '<p>Amazon <b>Athena</b> is <i>serverless</i> &amp; fast.</p> <p>See <a href="http://docs.aws.amazon.com/x">the guide</a>.</p><ul><li>one</li><li>two</li></ul><script>x</script>';
    expect(htmlToMarkdown(html)).toBe(
      "Amazon **Athena** is *serverless* & fast.\n\nSee [the guide](http://docs.aws.amazon.com/x).\n\n- one\n- two",
    );
  });

  it("keeps only the text of links that are not http(s)", () => {
    expect(htmlToMarkdown('<p><a href="javascript:alert(1)">click</a></p>')).toBe("click");
  });
});

describe("firstSentence", () => {
  it("returns the plain first sentence, shortened with an ellipsis", () => {
    expect(firstSentence("<p>Stock and Forex data. Realtime quotes.</p>")).toBe("Stock and Forex data.");
    expect(firstSentence("See [docs](https://x.example) for **more**")).toBe("See docs for more");
    expect(firstSentence("a".repeat(300), 10)).toBe(`${"a".repeat(9)}…`);
  });
});
