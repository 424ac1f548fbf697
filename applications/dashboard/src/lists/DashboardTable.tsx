import type { ReactNode } from "react";
import { t } from "@library/src/i18n/translate";

interface DashboardTableProps {
  /** Column headings, already translated. */
  columns: readonly string[];
  /** A last column of row buttons, headed for screen readers only. */
  actions?: boolean;
  /** The rows (`<tr>`s). */
  children: ReactNode;
}

/** The table every dashboard list uses: headed columns, optional row actions, the dashboard's styling. */
export function DashboardTable({ columns, actions = false, children }: DashboardTableProps) {
  return (
    <div className="dashboardTable-scroll">
      <table className="dashboardTable">
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
