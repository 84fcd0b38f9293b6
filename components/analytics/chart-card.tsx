// A titled card around one chart, or the line No data available when there is nothing to plot
// A visually hidden table gives screen readers the figures behind the chart.
import type { ReactNode } from "react";
import Link from "next/link";
import clsx from "clsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";

export interface ChartTable {
  columns: [string, string];
  /** Label, figure, and where the figure's conversations are listed (drill-down), if anywhere. */
  rows: (readonly [string, number] | readonly [string, number, string])[];
}

export function ChartCard({
  title,
  description,
  hasData,
  height,
  table,
  className,
  children,
}: {
  title: string;
  description?: string;
  hasData: boolean;
  /** Pixel height of the plot area (the empty state keeps it so the layout does not jump). */
  height: number;
  table?: ChartTable;
  className?: string;
  children: ReactNode;
}) {
  return (
    // overflow-hidden: a chart's tooltip box stays where it was last shown, which can be past a
    // card that has since become narrower.
    <Card className={clsx("overflow-hidden", className)} data-testid="chart-card" data-chart={title}>
      <CardHeader className="p-4 pb-2 sm:p-6 sm:pb-3">
        <CardTitle className="text-base sm:text-lg">{title}</CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent className="p-2 pt-0 sm:p-6 sm:pt-0">
        {hasData ? (
          <>
            <div style={{ height }} className="w-full">
              {children}
            </div>
            {table ? (
              // Shown while a drill-down link in it has the keyboard's focus. The hiding is on a
              // wrapper: a table keeps the width of its content whatever width it is given, so a
              // hidden table would stick out of a narrow page.
              <div className="sr-only focus-within:not-sr-only focus-within:mt-3">
                <table className="w-full text-sm">
                  <caption>{title}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{table.columns[0]}</th>
                      <th scope="col">{table.columns[1]}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {table.rows.map(([label, value, href]) => (
                      <tr key={label}>
                        <th scope="row" className="text-left font-normal">
                          {href ? (
                            <Link href={href} className="text-indigo-700 underline">
                              {label}
                            </Link>
                          ) : (
                            label
                          )}
                        </th>
                        <td>{value}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            ) : null}
          </>
        ) : (
          <div
            style={{ height }}
            className="flex items-center justify-center rounded-lg border border-dashed border-slate-200 text-sm text-slate-500"
          >
            No data available
          </div>
        )}
      </CardContent>
    </Card>
  );
}
