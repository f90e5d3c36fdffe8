import Link from "next/link";
import { type ComponentProps, type ReactNode } from "react";
import { Button, buttonVariants } from "@/components/ui/button";
import { cn } from "@/lib/utils/cn";

/**
 * The top bar's session controls as markup, shared by the server's static copy
 * (top-bar-account-static.tsx) and the browser's island (top-bar-account.tsx), so both look
 * the same. Which one shows is CSS: `data-session` on <html> (session-cookie.ts).
 */

/** "Sign in": an icon below 600 px, where the bar has no room for words; icon and words above. */
export function SignInLink({
  href,
  icon,
  label,
}: {
  href: string;
  icon: ReactNode;
  label: string;
}) {
  return (
    <Link
      href={href}
      className={cn(
        buttonVariants({ variant: "outline", size: "icon" }),
        "in-data-[session=in]:hidden sm:ml-1 sm:w-auto sm:px-3",
      )}
      data-testid="sign-in-link"
    >
      {icon}
      <span className="sr-only sm:not-sr-only">{label}</span>
    </Link>
  );
}

/** The account menu's button (its menu opens from the island). */
export function AccountButton({
  icon,
  label,
  ...props
}: { icon: ReactNode; label: string } & ComponentProps<"button">) {
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label={label}
      aria-haspopup="menu"
      aria-expanded={false}
      data-testid="account-menu"
      {...props}
    >
      {icon}
    </Button>
  );
}

/**
 * Shown only with a person's session cookie. A guest (an anonymous session made for a cart)
 * sees "Sign in" instead: their way to an account, which their carts follow.
 */
export function SignedInOnly({ children }: { children: ReactNode }) {
  return <span className="hidden in-data-[session=in]:contents">{children}</span>;
}
