import { describe, expect, it } from "vitest";
import type { EndpointNavItem } from "../../../core/catalog/api-endpoints.service";
import { filterNavItems, NAV_ROW_HEIGHT, navRows, nextItemRow, visibleWindow } from "./nav-rows";

const item = (
  id: string,
  method: string,
  path: string,
  tag: string | null,
  kind: EndpointNavItem["kind"] = "operation",
) => ({ id, kind, method, path, anchor: id, summary: `${method} ${path} summary`, tag }) satisfies EndpointNavItem;

const items = [
  item("a", "GET", "/pets", "Pets"),
  item("b", "POST", "/orders", "Orders"),
  item("c", "GET", "/health", null),
  item("d", "DELETE", "/pets/{id}", "Pets"),
  item("e", "POST", "petAdopted", "Pets", "webhook"),
];
const labels = { untagged: "General", webhooks: "Webhooks" };

describe("reference navigation rows", () => {
  it("groups by first tag in order of first use, webhooks last", () => {
    expect(navRows(items, labels).map((r) => (r.type === "group" ? `# ${r.label} ${r.count}` : r.item.id))).toEqual([
      "# Pets 2",
      "a",
      "d",
      "# Orders 1",
      "b",
      "# General 1",
      "c",
      "# Webhooks 1",
      "e",
    ]);
  });

  it("filters on every word, over method, path, summary and tag", () => {
    expect(filterNavItems(items, "pets get").map((i) => i.id)).toEqual(["a"]);
    expect(filterNavItems(items, "  ORDERS ").map((i) => i.id)).toEqual(["b"]);
    expect(filterNavItems(items, "")).toHaveLength(5);
  });

  it("renders a bounded window of a long list", () => {
    expect(visibleWindow(0, 480, 2_000, 5)).toEqual({ start: 0, end: 15 });
    expect(visibleWindow(NAV_ROW_HEIGHT * 1_000, 480, 2_000, 5)).toEqual({ start: 995, end: 1_015 });
    expect(visibleWindow(NAV_ROW_HEIGHT * 5_000, 480, 2_000, 5).end).toBe(2_000);
  });

  it("moves between item rows, skipping group headings", () => {
    const rows = navRows(items, labels);
    expect(nextItemRow(rows, 2, 1)).toBe(4);
    expect(nextItemRow(rows, 4, -1)).toBe(2);
    expect(nextItemRow(rows, 1, -1)).toBe(1);
  });
});
