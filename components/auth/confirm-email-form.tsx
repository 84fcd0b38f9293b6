"use client";
// The page a confirmation link opens. Confirming takes a click rather than happening on load, so
// that mail scanners which open links do not use the link up.
import { CircleAlert, CircleCheck, MailCheck } from "lucide-react";
import { Button } from "@/components/ui/button";
import { useConfirmEmailMutation } from "@/lib/queries/email-confirmation";
import { AuthShell, BackToLoginLink } from "./auth-shell";

export function ConfirmEmailForm({ token }: { token: string }) {
  const confirm = useConfirmEmailMutation();

  if (!token) {
    return (
      <AuthShell title="Confirm your email address" footer={<BackToLoginLink />}>
        <p role="alert" className="text-center text-slate-700">
          This link has no confirmation token. Open the link from the email exactly as it was sent.
        </p>
      </AuthShell>
    );
  }

  if (confirm.isSuccess) {
    return (
      <AuthShell title="Email address confirmed" footer={<BackToLoginLink />}>
        <div role="status" className="flex flex-col items-center gap-3 py-2 text-center">
          <CircleCheck className="size-12 text-emerald-600" aria-hidden />
          <p className="text-slate-700">{confirm.data.message}</p>
        </div>
      </AuthShell>
    );
  }

  return (
    <AuthShell title="Confirm your email address" description="Confirm that this address is yours" footer={<BackToLoginLink />}>
      <div className="flex flex-col items-center gap-4 text-center">
        <MailCheck className="size-12 text-indigo-600" aria-hidden />
        {confirm.isError ? (
          <p role="alert" className="flex items-start gap-2 text-left text-sm text-red-700">
            <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
            {confirm.error.message}
          </p>
        ) : null}
        <Button className="w-full" disabled={confirm.isPending} onClick={() => confirm.mutate({ token: token.trim() })}>
          {confirm.isPending ? "Confirming..." : "Confirm email address"}
        </Button>
      </div>
    </AuthShell>
  );
}
