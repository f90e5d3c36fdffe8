import { Icon } from "@/components/ui/icon";
import { isCategoryIconName } from "@/lib/navigation/categories";
import { cn } from "@/lib/utils/cn";

/**
 * A category's icon by its lucide name, from the icon sprite. Recent entries store the name as
 * text, so an unknown name (an old entry, say) falls back to the folder icon, the default of
 * spec §3.
 */
export function CategoryIcon({
  name,
  small = false,
  className,
}: {
  name: string | undefined;
  /** 16 px instead of the default 20 px. */
  small?: boolean;
  /** Extra classes; never a size (use `small`). */
  className?: string;
}) {
  return (
    <Icon
      name={isCategoryIconName(name) ? name : "folder"}
      className={cn(small ? "size-4" : "size-5", className)}
    />
  );
}
