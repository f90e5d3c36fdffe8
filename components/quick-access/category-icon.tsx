import {
  AppWindow,
  Bath,
  BookOpen,
  CalendarDays,
  Car,
  CircleDot,
  Compass,
  Croissant,
  Droplets,
  Dumbbell,
  Fish,
  Flame,
  Flower2,
  Folder,
  Goal,
  GraduationCap,
  HardDrive,
  HeartPulse,
  Hotel,
  Monitor,
  Music,
  Network,
  NotebookPen,
  Pizza,
  Plane,
  PlaneTakeoff,
  Presentation,
  School,
  Shirt,
  ShoppingBag,
  ShoppingBasket,
  Smartphone,
  Smile,
  Sofa,
  Soup,
  Sparkles,
  Stethoscope,
  Trophy,
  Truck,
  UserRound,
  UtensilsCrossed,
  Volleyball,
  Wrench,
  Zap,
  type LucideIcon,
} from "lucide-react";
import { isCategoryIconName, type CategoryIconName } from "@/lib/navigation/categories";
import { cn } from "@/lib/utils/cn";

const icons: Record<CategoryIconName, LucideIcon> = {
  folder: Folder,
  wrench: Wrench,
  sparkles: Sparkles,
  droplets: Droplets,
  zap: Zap,
  "flower-2": Flower2,
  truck: Truck,
  monitor: Monitor,
  "hard-drive": HardDrive,
  "app-window": AppWindow,
  network: Network,
  "utensils-crossed": UtensilsCrossed,
  pizza: Pizza,
  fish: Fish,
  soup: Soup,
  flame: Flame,
  croissant: Croissant,
  "calendar-days": CalendarDays,
  music: Music,
  presentation: Presentation,
  trophy: Trophy,
  volleyball: Volleyball,
  goal: Goal,
  "circle-dot": CircleDot,
  "shopping-bag": ShoppingBag,
  smartphone: Smartphone,
  shirt: Shirt,
  "shopping-basket": ShoppingBasket,
  "book-open": BookOpen,
  sofa: Sofa,
  "heart-pulse": HeartPulse,
  stethoscope: Stethoscope,
  smile: Smile,
  dumbbell: Dumbbell,
  bath: Bath,
  "graduation-cap": GraduationCap,
  school: School,
  "notebook-pen": NotebookPen,
  "user-round": UserRound,
  plane: Plane,
  "plane-takeoff": PlaneTakeoff,
  hotel: Hotel,
  car: Car,
  compass: Compass,
};

/**
 * A category's icon by its lucide name. Recent entries store the name as text, so an unknown
 * name (an old entry, say) falls back to the folder icon, the default of spec §3.
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
  const Icon = isCategoryIconName(name) ? icons[name] : Folder;
  return <Icon className={cn("shrink-0", small ? "size-4" : "size-5", className)} aria-hidden />;
}
