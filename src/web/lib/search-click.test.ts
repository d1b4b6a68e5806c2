// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { searchClickOf } from "./search-click";

function results(): HTMLElement {
  const root = document.createElement("div");
  root.innerHTML = `
    <ul data-search-index="apis_name_asc" data-query-id="q1" data-offset="24">
      <li data-result-index="0" data-product-id="a" data-result-href="/x/api/a"><a href="/x/api/a"><span>A</span></a>
        <a href="/search?category=Weather">Weather</a></li>
      <li data-result-index="1" data-product-id="b" data-result-href="/x/api/b"><a href="/x/api/b">B</a>
        <button type="button">Compare</button></li>
    </ul>`;
  return root;
}

describe("searchClickOf", () => {
  it("names the result, its ordering and its position over the whole list for a click on its own link", () => {
    const root = results();
    expect(searchClickOf(root.querySelector("span"))).toEqual({
      productId: "a",
      searchIndex: "apis_name_asc",
      queryId: "q1",
      position: 25,
    });
    expect(searchClickOf(root.querySelector('a[href="/x/api/b"]'))?.position).toBe(26);
  });

  it("is null for a click on another link in the result, on a button, or outside a result list", () => {
    const root = results();
    expect(searchClickOf(root.querySelector('a[href^="/search"]'))).toBeNull();
    expect(searchClickOf(root.querySelector("button"))).toBeNull();
    expect(searchClickOf(document.createElement("a"))).toBeNull();
    expect(searchClickOf(null)).toBeNull();
  });
});
