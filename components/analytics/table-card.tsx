// A card of the insights holding a table, titled like the chart cards. The table may be wider than a
// phone: it scrolls inside the card instead of widening the page.
import type { HTMLAttributes, ReactNode } from "react";
import clsx from "clsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";

export function TableCard({
  title,
  description,
  action,
  className,
  children,
  ...cardProps
}: HTMLAttributes<HTMLDivElement> & {
  title: string;
  description: string;
  /** A control beside the title (below it on a phone), e.g. how to rank the rows. */
  action?: ReactNode;
}) {
  const heading = (
    <>
      <CardTitle className="text-base sm:text-lg">{title}</CardTitle>
      <CardDescription>{description}</CardDescription>
    </>
  );
  return (
    <Card className={clsx("min-w-0", className)} {...cardProps}>
      {action ? (
        <CardHeader className="flex flex-col gap-3 p-4 pb-2 sm:flex-row sm:items-start sm:justify-between sm:p-6 sm:pb-3">
          <div>{heading}</div>
          {action}
        </CardHeader>
      ) : (
        <CardHeader className="p-4 pb-2 sm:p-6 sm:pb-3">{heading}</CardHeader>
      )}
      <CardContent className="relative overflow-x-auto p-2 pt-0 sm:p-6 sm:pt-0">{children}</CardContent>
    </Card>
  );
}
