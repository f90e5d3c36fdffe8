import type { ReactNode } from "react";

const headCell = "px-3 py-2 text-left font-medium whitespace-nowrap";
export const incomeCell = "px-3 py-2";
export const numberCell = "px-3 py-2 text-right whitespace-nowrap tabular-nums";

/** The bordered, sideways-scrolling table of the income screens: caption, header row, rows. */
export function IncomeTable({
  caption,
  headers,
  children,
  testId,
}: {
  caption: string;
  headers: readonly string[];
  children: ReactNode;
  testId?: string;
}) {
  return (
    <div className="relative overflow-x-auto rounded-card border border-border">
      <table className="w-full border-collapse text-sm" data-testid={testId}>
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

/** A notice after a redirect: `?done=` (status) or `?error=` (alert). */
export function IncomeNotice({ done, error }: { done: string | null; error: string | null }) {
  if (error)
    return (
      <p role="alert" className="rounded-card border border-border p-3 font-medium text-danger">
        {error}
      </p>
    );
  if (done)
    return (
      <p
        role="status"
        className="rounded-card border border-border p-3"
        data-testid="income-notice"
      >
        {done}
      </p>
    );
  return null;
}
