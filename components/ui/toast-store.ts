// The toasts on screen: at most one at a time, a new toast replaces the one showing.
import { useSyncExternalStore } from "react";

export type ToastVariant = "default" | "success" | "destructive";

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** Milliseconds; the provider's default when absent. */
  duration?: number;
}

export interface ToastItem extends ToastInput {
  id: number;
  open: boolean;
}

export const TOAST_LIMIT = 1;
const REMOVE_DELAY_MS = 400;

let toasts: ToastItem[] = [];
let nextId = 0;
const listeners = new Set<() => void>();
const EMPTY: ToastItem[] = [];

function emit(next: ToastItem[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

export function toast(input: ToastInput): { id: number; dismiss: () => void } {
  nextId += 1;
  const id = nextId;
  emit([{ ...input, id, open: true }, ...toasts].slice(0, TOAST_LIMIT));
  return { id, dismiss: () => dismissToast(id) };
}

export function dismissToast(id: number): void {
  emit(toasts.map((item) => (item.id === id ? { ...item, open: false } : item)));
  setTimeout(() => emit(toasts.filter((item) => item.id !== id || item.open)), REMOVE_DELAY_MS);
}

/** Closes whatever toast is showing, e.g. a stale error when the form is sent again. */
export function dismissAllToasts(): void {
  for (const item of toasts) if (item.open) dismissToast(item.id);
}

/** Removes every toast at once (tests use it between cases). */
export function clearToasts(): void {
  emit([]);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToasts(): ToastItem[] {
  return useSyncExternalStore(
    subscribe,
    () => toasts,
    () => EMPTY,
  );
}
