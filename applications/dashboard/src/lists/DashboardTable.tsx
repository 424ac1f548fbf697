import { useLayoutEffect, useRef, type ReactNode } from "react";
import { t } from "@library/src/i18n/translate";

interface DashboardTableProps {
  /** Column headings, already translated. */
  columns: readonly string[];
  /** A last column of row buttons, headed for screen readers only. */
  actions?: boolean;
  /** The rows (`<tr>`s). */
  children: ReactNode;
}

/**
 * Gives every cell its column's heading as `data-label`: on a phone each row is a card and each cell shows its
 * heading beside the value (dashboard.css). A cell spanning columns (an expanded row) gets none.
 */
function useCellLabels(columns: readonly string[]) {
  const table = useRef<HTMLTableElement>(null);
  useLayoutEffect(() => {
    for (const row of table.current?.tBodies[0]?.rows ?? []) {
      [...row.cells].forEach((cell, index) => {
        const label = cell.colSpan > 1 ? undefined : columns[index];
        if (label) cell.setAttribute("data-label", label);
        else cell.removeAttribute("data-label");
      });
    }
  });
  return table;
}

/**
 * The table every dashboard list uses: headed columns, optional row actions, the dashboard's styling. On a phone
 * the rows become cards (each value under its heading, the actions at the foot), so nothing hides off screen.
 */
export function DashboardTable({ columns, actions = false, children }: DashboardTableProps) {
  const table = useCellLabels(columns);
  return (
    <div className="dashboardTable-scroll">
      <table className="dashboardTable" ref={table}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th scope="col" key={column}>
                {column}
              </th>
            ))}
            {actions && (
              <th scope="col">
                <span className="sr-only">{t("Actions")}</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
