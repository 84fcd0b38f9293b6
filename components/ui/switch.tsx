import { forwardRef, type InputHTMLAttributes } from "react";
import clsx from "clsx";

/**
 * An on/off switch: a native checkbox with the switch role (Space toggles it, a label names it),
 * drawn as a track and a thumb.
 */
export const Switch = forwardRef<HTMLInputElement, Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "role">>(function Switch(
  { className, ...props },
  ref,
) {
  return (
    <span className={clsx("relative inline-flex h-6 w-11 shrink-0", className)}>
      <input
        ref={ref}
        type="checkbox"
        role="switch"
        className="peer absolute inset-0 z-10 m-0 size-full cursor-pointer appearance-none rounded-full opacity-0 disabled:cursor-not-allowed"
        {...props}
      />
      <span
        aria-hidden
        className={clsx(
          "pointer-events-none absolute inset-0 rounded-full bg-slate-300 transition-colors",
          "peer-checked:bg-indigo-600 peer-disabled:opacity-50",
          "peer-focus-visible:ring-2 peer-focus-visible:ring-indigo-500 peer-focus-visible:ring-offset-2",
        )}
      />
      <span
        aria-hidden
        className="pointer-events-none absolute left-0.5 top-0.5 size-5 rounded-full bg-white shadow-sm transition-transform peer-checked:translate-x-5"
      />
    </span>
  );
});
