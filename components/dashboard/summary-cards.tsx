// The four summary cards shown after the first fetch.
import { CalendarRange, FileText, MonitorSmartphone, Users } from "lucide-react";
import type { LucideIcon } from "lucide-react";
import clsx from "clsx";
import { Card } from "@/components/ui/card";

export interface SummaryValues {
  total: number;
  uniqueSessions: number;
  topDevice: string;
  dateRange: string;
}

export function SummaryCards({ values }: { values: SummaryValues }) {
  const items: { label: string; value: string; icon: LucideIcon; testId: string; isName?: boolean }[] = [
    { label: "Total Transcripts", value: values.total.toLocaleString("en-US"), icon: FileText, testId: "summary-total" },
    { label: "Unique Sessions", value: values.uniqueSessions.toLocaleString("en-US"), icon: Users, testId: "summary-sessions" },
    { label: "Top Device", value: values.topDevice, icon: MonitorSmartphone, testId: "summary-device", isName: true },
    { label: "Date Range", value: values.dateRange, icon: CalendarRange, testId: "summary-range" },
  ];
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      {items.map(({ label, value, icon: Icon, testId, isName }) => (
        <Card key={label} className="p-4 sm:p-5">
          <div className="flex items-start justify-between gap-2">
            <p className="text-sm font-medium text-slate-600">{label}</p>
            <Icon className="size-4 shrink-0 text-indigo-500" aria-hidden />
          </div>
          <p
            className={clsx("mt-2 truncate text-xl font-bold text-slate-900 sm:text-2xl", isName && "capitalize")}
            data-testid={testId}
            title={value}
          >
            {value}
          </p>
        </Card>
      ))}
    </div>
  );
}
