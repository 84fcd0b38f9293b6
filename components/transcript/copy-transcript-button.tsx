"use client";
// Copy Transcript puts '[time] User: text' / '[time] Bot: text' lines
// on the clipboard and says so.
import { Copy } from "lucide-react";
import { Button } from "@/components/ui/button";
import { copyToClipboard } from "@/components/ui/clipboard";
import { toast } from "@/components/ui/toast-store";
import { transcriptCopyText } from "@/lib/transcript-view/copy-text";
import type { ShownTurn } from "@/lib/transcript-view/shown-turns";

export function CopyTranscriptButton({ turns, disabled }: { turns: readonly ShownTurn[] | null; disabled?: boolean }) {
  return (
    <Button
      variant="outline"
      disabled={disabled || !turns}
      onClick={async () => {
        if (!turns) return;
        try {
          await copyToClipboard(transcriptCopyText(turns));
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
