import type { ReactNode } from "react";

/*
 * A plain data table (decision 073): a bordered box that scrolls sideways on narrow screens, a header row of column
 * headers (scope="col"), one row per item, and an optional row saying the list is empty.
 */

export interface DataColumn<Row> {
  id: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** On the header and the cells: responsive hiding ("hidden md:table-cell"), alignment ("text-end"). */
  className?: string;
  /** On the cells only (their colour). */
  cellClassName?: string;
  cellTestId?: string;
  /** "auto" for cells of user-written text (a right-to-left search term). */
  dir?: "auto";
}

const BOX = "overflow-x-auto rounded-xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900";
const THEAD = "bg-slate-50 text-xs text-slate-500 uppercase dark:bg-slate-900";
const ROW = "border-t border-slate-100 dark:border-slate-800";
const CELL = "px-4 py-2";

function join(...parts: Array<string | undefined | false>): string {
  return parts.filter(Boolean).join(" ");
}

export function DataTable<Row>(props: {
  columns: Array<DataColumn<Row>>;
  rows: Row[];
  rowKey: (row: Row) => string;
  /** data-* attributes of a row (its test id, the item's name). */
  rowAttributes?: (row: Row) => Record<`data-${string}`, string | undefined>;
  /** Shown in one full-width row when there are no rows; without it the table keeps just its header. */
  empty?: ReactNode;
  emptyTestId?: string;
  testId?: string;
  /** The table's own classes: a minimum width, the text size ("text-sm" when left out). */
  className?: string;
  /** The surrounding box's classes; replaces the bordered box. */
  boxClassName?: string;
  headClassName?: string;
  caption?: string;
}) {
  const { columns } = props;
  return (
    <div className={props.boxClassName ?? BOX}>
      <table data-testid={props.testId} className={join("w-full", props.className ?? "text-sm")}>
        {props.caption && <caption className="sr-only">{props.caption}</caption>}
        <thead className={props.headClassName ?? THEAD}>
          <tr>
            {columns.map((column) => (
              <th key={column.id} scope="col" className={join(CELL, "text-start", column.className)}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {props.rows.map((row) => (
            <tr key={props.rowKey(row)} {...props.rowAttributes?.(row)} className={ROW}>
              {columns.map((column) => (
                <td
                  key={column.id}
                  data-testid={column.cellTestId}
                  dir={column.dir}
                  className={join(CELL, column.className, column.cellClassName)}
                >
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
          {props.rows.length === 0 && props.empty && (
            <tr>
              <td
                colSpan={columns.length}
                data-testid={props.emptyTestId}
                className="px-4 py-6 text-center text-slate-500 dark:text-slate-400"
              >
                {props.empty}
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
