// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { isTextEntry, SLASH_SEARCH_SCRIPT } from "./slash-search";

describe("isTextEntry", () => {
  it("is true for text fields and false for links, buttons, checkboxes and the body", () => {
    const text = document.createElement("input");
    const search = Object.assign(document.createElement("input"), { type: "search" });
    const box = Object.assign(document.createElement("input"), { type: "checkbox" });
    expect(isTextEntry(text)).toBe(true);
    expect(isTextEntry(search)).toBe(true);
    expect(isTextEntry(document.createElement("textarea"))).toBe(true);
    expect(isTextEntry(box)).toBe(false);
    expect(isTextEntry(document.createElement("a"))).toBe(false);
    expect(isTextEntry(document.createElement("main"))).toBe(false);
    expect(isTextEntry(document.body)).toBe(false);
    expect(isTextEntry(null)).toBe(false);
  });
});

describe("SLASH_SEARCH_SCRIPT (before hydration)", () => {
  it("focuses the marked search box from a focused link, not from a text field, and stops once hydrated", () => {
    document.body.innerHTML =
      '<a href="#" id="link">x</a><input id="other"><input type="search" id="search" data-slash-search>';
    new Function(SLASH_SEARCH_SCRIPT)();
    const press = () =>
      document.activeElement?.dispatchEvent(new KeyboardEvent("keydown", { key: "/", bubbles: true }));
    const link = document.getElementById("link") as HTMLElement;
    const other = document.getElementById("other") as HTMLElement;
    link.focus();
    press();
    expect(document.activeElement?.id).toBe("search");
    other.focus();
    press();
    expect(document.activeElement?.id).toBe("other");
    document.documentElement.setAttribute("data-hydrated", "");
    link.focus();
    press();
    expect(document.activeElement?.id).toBe("link");
  });
});
