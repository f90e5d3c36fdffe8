import { type ReactNode } from "react";

/**
 * A table of a document (its lines, its tax breakdown): captioned, with column headers, in a
 * box that scrolls sideways on narrow screens instead of widening the page (focusable, named
 * by the caption, so keyboard users can scroll it too).
 */
export const numericCell = "px-3 py-2 text-right align-top whitespace-nowrap";
export const textCell = "px-3 py-2 text-left align-top";

export function DocumentTable({
  id,
  caption,
  headers,
  children,
}: {
  id: string;
  caption: string;
  /** Column titles; all but the first are numeric (right-aligned). */
  headers: readonly string[];
  children: ReactNode;
}) {
  return (
    <div
      className="relative overflow-x-auto rounded-card border border-border"
      tabIndex={0}
      role="region"
      aria-labelledby={id}
    >
      <table className="w-full text-sm">
        <caption id={id} className="p-3 text-left font-semibold">
          {caption}
        </caption>
        <thead className="border-b border-border">
          <tr>
            {headers.map((header, i) => (
              <th key={header} scope="col" className={i === 0 ? textCell : numericCell}>
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
