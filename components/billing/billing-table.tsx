import type { ReactNode } from "react";

const headCell = "px-3 py-2 text-left font-medium whitespace-nowrap";
export const billingCell = "px-3 py-2";

/** The bordered, sideways-scrolling table of the billing screens: caption, header row, rows. */
export function BillingTable({
  caption,
  headers,
  children,
}: {
  caption: string;
  headers: readonly string[];
  children: ReactNode;
}) {
  return (
    <div className="relative overflow-x-auto rounded-card border border-border">
      <table className="w-full border-collapse text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-surface-2 text-muted-foreground">
          <tr>
            {headers.map((label) => (
              <th key={label} scope="col" className={headCell}>
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
