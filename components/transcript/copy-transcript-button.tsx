"use client";
// Spec sections 2, 8 and 9: Copy Transcript puts '[time] User: text' / '[time] Bot: text' lines
// on the clipboard and says so.
import { Copy } from "lucide-react";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toast-store";
import { transcriptCopyText } from "@/lib/transcript-view/copy-text";
import type { ShownTurn } from "@/lib/transcript-view/shown-turns";

async function writeClipboard(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  // Older browsers and insecure origins: a hidden text box and the copy command.
  const box = document.createElement("textarea");
  box.value = text;
  box.setAttribute("readonly", "");
  box.style.position = "fixed";
  box.style.opacity = "0";
  document.body.appendChild(box);
  box.select();
  const copied = document.execCommand("copy");
  box.remove();
  if (!copied) throw new Error("The browser refused to copy");
}

export function CopyTranscriptButton({ turns, disabled }: { turns: readonly ShownTurn[] | null; disabled?: boolean }) {
  return (
    <Button
      variant="outline"
      disabled={disabled || !turns}
      onClick={async () => {
        if (!turns) return;
        try {
          await writeClipboard(transcriptCopyText(turns));
          toast({ title: "Copied to clipboard", description: "Transcript has been copied to your clipboard", variant: "success" });
        } catch {
          toast({ title: "Copy failed", description: "Your browser did not allow copying to the clipboard", variant: "destructive" });
        }
      }}
    >
      <Copy aria-hidden />
      Copy Transcript
    </Button>
  );
}
