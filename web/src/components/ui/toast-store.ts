// Toast queue (spec 01 §4, §9): at most one toast, a new one replaces the old, closed ones are removed after 5000 ms.
export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY = 5000;
export const TOAST_DURATION = 5000;

export type ToastVariant = "default" | "success" | "destructive";
export type ToastInput = { title: string; description?: string; variant?: ToastVariant; action?: { label: string; onClick: () => void } };
export type ToastItem = ToastInput & { id: string; open: boolean };

let items: ToastItem[] = [];
let counter = 0;
const listeners = new Set<() => void>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();

function emit(next: ToastItem[]) {
  items = next;
  for (const l of listeners) l();
}

export function subscribeToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getToasts(): ToastItem[] {
  return items;
}

export function dismissToast(id?: string) {
  emit(items.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)));
  for (const t of items) {
    if ((id === undefined || t.id === id) && !removalTimers.has(t.id)) {
      removalTimers.set(
        t.id,
        setTimeout(() => {
          removalTimers.delete(t.id);
          emit(items.filter((x) => x.id !== t.id));
        }, TOAST_REMOVE_DELAY),
      );
    }
  }
}

/** Shows a toast from anywhere (components, mutations, plain modules). */
export function toast(input: ToastInput): { id: string; dismiss: () => void } {
  const id = String(++counter);
  emit([{ ...input, id, open: true }, ...items].slice(0, TOAST_LIMIT));
  return { id, dismiss: () => dismissToast(id) };
}
