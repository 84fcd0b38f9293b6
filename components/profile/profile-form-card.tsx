// A profile card holding one form, named by the card's title; the form ends with a ProfileSubmitRow.
import type { FormEvent, ReactNode } from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { SubmitButton } from "@/components/forms/submit-button";

export function ProfileFormCard({
  title,
  description,
  onSubmit,
  children,
}: {
  title: string;
  description: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} className="space-y-4" aria-label={title}>
          {children}
        </form>
      </CardContent>
    </Card>
  );
}

/** The submit button of a profile form, at the end of its own row (the full width on a phone). */
export function ProfileSubmitRow({ isPending, pendingLabel, children }: { isPending: boolean; pendingLabel: string; children: string }) {
  return (
    <div className="flex justify-end">
      <SubmitButton isPending={isPending} pendingLabel={pendingLabel} className="w-full sm:w-auto">
        {children}
      </SubmitButton>
    </div>
  );
}
