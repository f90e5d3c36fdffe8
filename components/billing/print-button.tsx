"use client";

/** Opens the browser's print dialog (the receipt's print stylesheet hides the site around it). */
export function PrintButton({ label, className }: { label: string; className?: string }) {
  return (
    <button type="button" className={className} onClick={() => window.print()}>
      {label}
    </button>
  );
}
