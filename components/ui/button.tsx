import { type ComponentProps } from "react";
import { cn } from "@/lib/utils/cn";
import { Slot } from "./slot";

// The classes are defined once in app/globals.css (`.btn`, `.btn-<variant>`, `.btn-<size>`, in
// @layer components, so a caller's utility classes win): a button costs about 25 characters
// of class in the HTML instead of about 330, twice when the server renders it (markup and
// RSC payload; docs/bench.md).
const variants = {
  primary: "btn-primary",
  secondary: "btn-secondary",
  accent: "btn-accent",
  outline: "btn-outline",
  ghost: "btn-ghost",
  danger: "btn-danger",
  link: "btn-link",
} as const;

const sizes = {
  sm: "btn-sm",
  md: "btn-md",
  lg: "btn-lg",
  xl: "btn-xl",
  icon: "btn-icon",
  "icon-sm": "btn-icon-sm",
  /** The top bar's search row: as tall as its compact field. */
  "sm-field": "btn-sm-field",
} as const;

export type ButtonVariantProps = {
  variant?: keyof typeof variants | null;
  size?: keyof typeof sizes | null;
};

/**
 * The button's classes for a variant and size (defaults: primary, md), also for links styled
 * as buttons. A plain lookup rather than class-variance-authority, which every page would
 * otherwise load (the root layout renders a Button).
 */
export function buttonVariants({ variant, size }: ButtonVariantProps = {}): string {
  return `btn ${variants[variant ?? "primary"]} ${sizes[size ?? "md"]}`;
}

export type ButtonProps = ComponentProps<"button"> &
  ButtonVariantProps & {
    /** Render the child element (a link, say) with the button's styles. */
    asChild?: boolean;
  };

export function Button({ className, variant, size, asChild = false, type, ...props }: ButtonProps) {
  const Comp = asChild ? Slot : "button";
  return (
    <Comp
      className={cn(buttonVariants({ variant, size }), className)}
      {...(asChild ? {} : { type: type ?? "button" })}
      {...props}
    />
  );
}
