"use client";

import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";

/**
 * The menu of a top-bar icon button (account, language). Its button loads the menu on first
 * use, so it opens already open; the trigger stays disabled while the menu's action runs.
 */
export function TopBarMenu({
  icon,
  label,
  testId,
  title,
  pending,
  children,
}: {
  icon: ReactNode;
  /** The button's accessible name. */
  label: string;
  testId: string;
  title: string;
  pending: boolean;
  children: ReactNode;
}) {
  return (
    <DropdownMenu defaultOpen>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          aria-label={label}
          disabled={pending}
          data-testid={testId}
        >
          {icon}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel>{title}</DropdownMenuLabel>
        {children}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
