import clsx from "clsx";

/**
 * A round badge with a short text (initials), and an optional count bubble in its corner.
 * `countLabel` is read by screen readers after the count ("3 pending users").
 */
export function Avatar({ text, count, countLabel, className }: { text: string; count?: number; countLabel?: string; className?: string }) {
  return (
    <span className={clsx("relative inline-flex", className)}>
      <span
        className="flex size-9 items-center justify-center rounded-full bg-indigo-600 text-sm font-semibold text-white"
        data-testid="avatar-text"
      >
        {text}
      </span>
      {count !== undefined && count > 0 ? (
        <>
          <span
            className="absolute -right-1.5 -top-1.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-[11px] font-bold leading-none text-white ring-2 ring-white"
            data-testid="avatar-count"
          >
            {count}
          </span>
          {countLabel ? <span className="sr-only"> {countLabel}</span> : null}
        </>
      ) : null}
    </span>
  );
}
