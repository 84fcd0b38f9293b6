import { LoaderCircle } from "lucide-react";

/** A full-height centred status line, e.g. while something loads. */
export function CenteredMessage({ text, isBusy = false }: { text: string; isBusy?: boolean }) {
  return (
    <div role="status" className="flex min-h-[50vh] items-center justify-center gap-2 text-slate-600">
      {isBusy ? <LoaderCircle className="size-5 animate-spin text-indigo-600" aria-hidden /> : null}
      <span>{text}</span>
    </div>
  );
}
