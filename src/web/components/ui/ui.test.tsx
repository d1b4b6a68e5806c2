import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { buttonClass } from "./button";
import { DataTable } from "./data-table";
import { EmptyState } from "./empty-state";
import { fieldClass } from "./input";
import { TabLink } from "./tabs";

const classSet = (classes: string) => new Set(classes.split(/\s+/).filter(Boolean));

// Decision 073: the shared parts replace class strings that were copied across screens; the look must not change. Each
// case is a string as it was copied before, and the part that now renders it (plus `transition`, which only animates
// the hover).
describe("ui parts keep the copied looks", () => {
  it("buttons", () => {
    expect(classSet(buttonClass({ size: "lg", className: "self-start shadow-sm" }))).toEqual(
      classSet(
        "self-start rounded-lg bg-accent-fill px-5 py-2.5 font-semibold text-white shadow-sm hover:brightness-110 disabled:opacity-60 transition",
      ),
    );
    // app-form-bits' buttonClass.secondary of My Apps, plans and billing.
    expect(classSet(buttonClass({ variant: "secondary", size: "sm", inline: true }))).toEqual(
      classSet(
        "inline-flex items-center justify-center gap-1.5 rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold text-slate-700 transition hover:bg-slate-50 disabled:opacity-60 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200 dark:hover:bg-slate-800",
      ),
    );
    // The filter rows of /admin and /org.
    expect(classSet(buttonClass({ size: "row" }))).toEqual(
      classSet(
        "rounded-lg bg-accent-fill px-3.5 py-2 text-sm font-semibold text-white hover:brightness-110 disabled:opacity-60 transition",
      ),
    );
  });

  it("text fields", () => {
    // FormField's input, valid and refused.
    const formField =
      "w-full rounded-lg border bg-white px-3 py-2.5 text-[15px] text-slate-900 shadow-sm outline-none transition placeholder:text-slate-400 focus:border-accent focus:ring-2 focus:ring-accent/25 dark:bg-slate-950 dark:text-slate-100";
    expect(classSet(fieldClass())).toEqual(classSet(`${formField} border-slate-300 dark:border-slate-700`));
    expect(classSet(fieldClass({ invalid: true }))).toEqual(classSet(`${formField} border-danger`));
    // /admin's ADMIN_INPUT: no width of its own.
    expect(classSet(fieldClass({ look: "plain" }))).toEqual(
      classSet(
        "min-w-0 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-950",
      ),
    );
    expect(fieldClass({ look: "compact", fullWidth: false, className: "w-44" })).not.toContain("w-full");
  });

  it("the empty-state box", () => {
    const html = renderToStaticMarkup(<EmptyState data-testid="none">Nothing yet</EmptyState>);
    expect(html).toBe(
      '<p data-testid="none" class="rounded-2xl border border-dashed border-slate-300 text-center text-slate-500 dark:border-slate-700 dark:text-slate-400 p-8">Nothing yet</p>',
    );
    expect(renderToStaticMarkup(<EmptyState as="div" size="lg" />)).toMatch(/^<div class="[^"]* p-10"><\/div>$/);
  });
});

describe("DataTable", () => {
  const columns = [
    { id: "name", header: "Name", cell: (row: { name: string }) => row.name },
    { id: "size", header: "Size", className: "text-end", cell: () => "1" },
  ];

  it("has column headers and one row per item", () => {
    const html = renderToStaticMarkup(
      <DataTable
        columns={columns}
        rows={[{ name: "a" }, { name: "b" }]}
        rowKey={(row) => row.name}
        rowAttributes={(row) => ({ "data-testid": `row-${row.name}` })}
        empty="None"
      />,
    );
    expect(html.match(/<th scope="col"/g)).toHaveLength(2);
    expect(html).toContain('data-testid="row-a"');
    expect(html).toContain('data-testid="row-b"');
    expect(html).not.toContain("None");
  });

  it("says so in one full-width row when there is nothing", () => {
    const html = renderToStaticMarkup(
      <DataTable columns={columns} rows={[]} rowKey={(row) => row.name} empty="None" emptyTestId="empty" />,
    );
    expect(html).toContain('<td colSpan="2" data-testid="empty"');
    expect(html).toContain(">None</td>");
  });
});

describe("TabLink", () => {
  it("marks the current tab aria-current=page and no other", () => {
    const html = renderToStaticMarkup(
      <MemoryRouter>
        <TabLink localized={false} to="/a" current>
          A
        </TabLink>
        <TabLink localized={false} to="/b" current={false}>
          B
        </TabLink>
      </MemoryRouter>,
    );
    expect(html).toContain('aria-current="page" ');
    expect(html.match(/aria-current/g)).toHaveLength(1);
  });
});
