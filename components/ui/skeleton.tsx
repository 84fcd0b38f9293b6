import type { HTMLAttributes } from "react";
import clsx from "clsx";

/** A grey placeholder block that pulses while content loads. */
export function Skeleton({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div aria-hidden className={clsx("animate-pulse rounded-md bg-slate-200", className)} {...props} />;
}
