import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";

/** A form's submit button: disabled while its request runs, saying meanwhile what it is doing. */
export function SubmitButton({
  isPending,
  pendingLabel,
  disabled,
  className,
  children,
}: {
  isPending: boolean;
  pendingLabel: string;
  /** Disabled for another reason too, e.g. once the request succeeded and the page moves on. */
  disabled?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Button type="submit" className={className} disabled={isPending || disabled}>
      {isPending ? pendingLabel : children}
    </Button>
  );
}
