"use client";
// Code a first visit of the dashboard does not need, fetched when it is about to be used: `preload`
// starts the download (on hover or focus, or with the action that needs it) and `useLoaded` gives
// the module once it is there. Unlike React.lazy, a module that is already loaded renders at once,
// without a frame of placeholder; a failed download can be tried again.
import { useCallback, useEffect, useState } from "react";

export interface LazyModule<T> {
  /** Starts the download once; after a failure the next call starts it again. */
  preload: () => Promise<T>;
  /** The module, or null until it has loaded; downloads it while `enabled`. */
  useLoaded: (enabled?: boolean) => { module: T | null; hasFailed: boolean; retry: () => void };
}

export function lazyModule<T>(load: () => Promise<T>): LazyModule<T> {
  let loaded: T | null = null;
  let pending: Promise<T> | null = null;

  const preload = () => {
    pending ??= load().then(
      (module) => (loaded = module),
      (error: unknown) => {
        pending = null;
        throw error;
      },
    );
    return pending;
  };

  function useLoaded(enabled = true) {
    const [module, setModule] = useState<T | null>(loaded);
    const [hasFailed, setHasFailed] = useState(false);
    const [attempt, setAttempt] = useState(0);
    const current = module ?? loaded;

    useEffect(() => {
      if (!enabled || current) return;
      let isLive = true;
      preload().then(
        (value) => isLive && setModule(() => value),
        () => isLive && setHasFailed(true),
      );
      return () => {
        isLive = false;
      };
    }, [enabled, current, attempt]);

    const retry = useCallback(() => {
      setHasFailed(false);
      setAttempt((n) => n + 1);
    }, []);
    return { module: current, hasFailed, retry };
  }

  return { preload, useLoaded };
}

/** Starts a download for later without waiting for it; a failure shows when the module is used. */
export function prefetch<T>(module: Pick<LazyModule<T>, "preload">): void {
  module.preload().catch(() => undefined);
}
