import { type ComponentProps } from "react";
import { cn } from "@/lib/utils/cn";
import { Slot } from "./slot";

const base =
  "inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-card text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:pointer-events-none disabled:opacity-50 [&_svg]:shrink-0";

const variants = {
  primary: "bg-primary text-primary-foreground hover:bg-primary/90",
  secondary: "bg-secondary text-secondary-foreground hover:bg-secondary/90",
  accent: "bg-accent text-accent-foreground hover:bg-accent/90",
  outline: "border border-border bg-transparent hover:bg-surface-2",
  ghost: "bg-transparent hover:bg-surface-2",
  danger: "bg-danger text-danger-foreground hover:bg-danger/90",
  link: "text-primary-text underline-offset-4 hover:underline",
} as const;

const sizes = {
  sm: "h-8 px-3 [&_svg]:size-4",
  md: "h-10 px-4 [&_svg]:size-4",
  lg: "h-12 px-6 text-base [&_svg]:size-4",
  xl: "h-14 px-6 text-base [&_svg]:size-5",
  icon: "size-10 [&_svg]:size-4",
  "icon-sm": "size-9 [&_svg]:size-4",
  /** The top bar's search row: as tall as its compact field. */
  "sm-field": "h-9 px-3 [&_svg]:size-4",
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
  return `${base} ${variants[variant ?? "primary"]} ${sizes[size ?? "md"]}`;
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
