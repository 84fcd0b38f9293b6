import clsx from "clsx";

/** The product mark: a speech bubble with a rising chart line, and the product name. */
export function Logo({ className, showName = true }: { className?: string; showName?: boolean }) {
  return (
    <span className={clsx("inline-flex items-center gap-2 font-semibold text-slate-900", className)}>
      <svg viewBox="0 0 32 32" className="size-8 shrink-0" aria-hidden>
        <rect width="32" height="32" rx="8" className="fill-indigo-600" />
        <path d="M8 9.5h16a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2h-9l-5 4v-4H8a2 2 0 0 1-2-2v-9a2 2 0 0 1 2-2Z" fill="white" />
        <path d="M10 18.5l3.5-3.5 3 2.5 5.5-5" fill="none" stroke="#4f46e5" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      {showName ? <span className="text-base tracking-tight">Transcript Analytics</span> : null}
    </span>
  );
}
