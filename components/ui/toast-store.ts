/**
 * The toast queue: a tiny store outside React so that `toast()` can be called from anywhere on
 * the client (event handlers, after a server action). <Toaster /> renders it.
 */
export type ToastVariant = "default" | "success" | "danger";

export type ToastInput = {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** Milliseconds before it closes by itself (Radix pauses it on hover and focus). */
  duration?: number;
};

export type ToastItem = ToastInput & { id: number; open: boolean };

/** How many toasts are kept at once; older ones are dropped. */
export const maxToasts = 3;

type Listener = () => void;

let items: readonly ToastItem[] = [];
let nextId = 1;
const listeners = new Set<Listener>();

function emit(next: readonly ToastItem[]) {
  items = next;
  for (const listener of listeners) listener();
}

export function toast(input: ToastInput): number {
  const id = nextId++;
  emit([...items, { ...input, id, open: true }].slice(-maxToasts));
  return id;
}

/** How long the closing animation runs before the toast leaves the queue. */
const closeMs = 200;

/** Starts the closing animation, then drops the toast. */
export function dismissToast(id: number): void {
  emit(items.map((item) => (item.id === id ? { ...item, open: false } : item)));
  setTimeout(() => removeToast(id), closeMs);
}

export function removeToast(id: number): void {
  emit(items.filter((item) => item.id !== id));
}

export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getToasts(): readonly ToastItem[] {
  return items;
}

const none: readonly ToastItem[] = [];
export function getServerToasts(): readonly ToastItem[] {
  return none;
}
