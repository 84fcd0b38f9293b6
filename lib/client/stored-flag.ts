"use client";
// An on/off preference remembered in this browser (localStorage). The server's HTML and the first
// client render use the initial value; changes show in every component (and tab) reading the key.
import { useCallback, useSyncExternalStore } from "react";

const listeners = new Set<() => void>();

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener("storage", listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", listener);
  };
}

export function useStoredFlag(key: string, initial: boolean): [boolean, (value: boolean) => void] {
  const read = () => {
    const stored = storage()?.getItem(key);
    return stored === "true" ? true : stored === "false" ? false : initial;
  };
  const value = useSyncExternalStore(subscribe, read, () => initial);
  const change = useCallback(
    (next: boolean) => {
      storage()?.setItem(key, String(next));
      listeners.forEach((listener) => listener());
    },
    [key],
  );
  return [value, change];
}
