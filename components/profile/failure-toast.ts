// The toast of a failed profile request: the server's message when it sends one, else the fallback.
import { toast } from "@/components/ui/toast-store";
import { errorMessage } from "@/lib/client/api-error";

/** An onError handler that toasts `title` with the server's message or `fallback`. */
export function failureToast(title: string, fallback: string): (error: unknown) => void {
  return (error) => toast({ title, description: errorMessage(error, fallback), variant: "destructive" });
}
