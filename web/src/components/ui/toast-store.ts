// Toast queue (spec 01 §4, §9) as a jotai atom in the app store: at most one toast, a new one replaces the old, closed
// ones are removed after 5000 ms; toast() works from anywhere (components, mutations, plain modules).
import { atom } from "@web/lib/store";
import { appStore } from "@web/lib/store";

export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY = 5000;
export const TOAST_DURATION = 5000;

export type ToastVariant = "default" | "success" | "destructive";
export type ToastInput = { title: string; description?: string; variant?: ToastVariant; action?: { label: string; onClick: () => void } };
export type ToastItem = ToastInput & { id: string; open: boolean };

export const toastsAtom = atom<ToastItem[]>([]);

let counter = 0;
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();
const current = () => appStore.get(toastsAtom);
const emit = (next: ToastItem[]) => appStore.set(toastsAtom, next);

export function dismissToast(id?: string) {
  emit(current().map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)));
  for (const t of current()) {
    if ((id === undefined || t.id === id) && !removalTimers.has(t.id)) {
      removalTimers.set(
        t.id,
        setTimeout(() => {
          removalTimers.delete(t.id);
          emit(current().filter((x) => x.id !== t.id));
        }, TOAST_REMOVE_DELAY),
      );
    }
  }
}

export function toast(input: ToastInput): { id: string; dismiss: () => void } {
  const id = String(++counter);
  emit([{ ...input, id, open: true }, ...current()].slice(0, TOAST_LIMIT));
  return { id, dismiss: () => dismissToast(id) };
}
