"use client";
// Comment column: a copy button that then shows Copied! for a moment.
import { useEffect, useRef, useState } from "react";
import { Check, Copy } from "lucide-react";
import clsx from "clsx";
import { copyToClipboard } from "@/components/ui/clipboard";
import { toast } from "@/components/ui/toast-store";
import { FEEDBACK_TOASTS } from "./feedback-messages";

const COPIED_VISIBLE_MS = 2000;

export function CopyCommentButton({ text }: { text: string }) {
  const [isCopied, setIsCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    try {
      await copyToClipboard(text);
      setIsCopied(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setIsCopied(false), COPIED_VISIBLE_MS);
    } catch {
      toast({ ...FEEDBACK_TOASTS.copyFailed, variant: "destructive" });
    }
  };

  return (
    <button
      type="button"
      onClick={() => void copy()}
      className={clsx(
        "inline-flex h-7 shrink-0 items-center gap-1 rounded-md px-1.5 text-xs font-medium transition-colors",
        "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500",
        isCopied ? "text-emerald-700" : "text-slate-500 hover:bg-slate-100 hover:text-slate-800",
      )}
      data-testid="copy-comment"
    >
      {isCopied ? <Check className="size-3.5" aria-hidden /> : <Copy className="size-3.5" aria-hidden />}
      <span className={isCopied ? undefined : "sr-only"} aria-live="polite">
        {isCopied ? "Copied!" : "Copy comment"}
      </span>
    </button>
  );
}
