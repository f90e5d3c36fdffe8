"use client";

import { useTranslations } from "next-intl";
import { lazy, Suspense, useState } from "react";
import { Button } from "@/components/ui/button";
import { Icon } from "@/components/ui/icon";
import type { FileRowActionsProps } from "./file-row-actions";

const load = () => import("./file-row-actions");
const FileRowActions = lazy(() => load().then((module) => ({ default: module.FileRowActions })));

/**
 * An entry's actions button. The menu, its dialogs and their forms are not first-load code of
 * the storage screen: the first click loads them (pointing at or focusing the button starts the
 * load) and the menu opens at once. The menu needs JavaScript anyway; downloads stay plain
 * links in the menu.
 */
export function FileRowMenu(props: FileRowActionsProps) {
  const t = useTranslations("storage");
  const [active, setActive] = useState(false);
  if (!props.downloadHref && !props.canWrite && !props.canDelete) return null;
  const placeholder = (
    <Button
      variant="ghost"
      size="icon"
      aria-label={t("actionsFor", { name: props.entry.name })}
      aria-haspopup="menu"
      aria-expanded={false}
      onClick={() => setActive(true)}
      onPointerEnter={() => void load()}
      onFocus={() => void load()}
    >
      <Icon name="ellipsis" className="size-4" />
    </Button>
  );
  if (!active) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <FileRowActions {...props} defaultOpen />
    </Suspense>
  );
}
