import { Construction } from "lucide-react";
import { Card } from "@/components/ui/card";
import { PageTitle } from "@/components/layout/page-title";

/** A screen whose content is not built yet: its title and a short note. */
export function ComingSoon({ title, subtitle }: { title: string; subtitle?: string }) {
  return (
    <>
      <PageTitle title={title} subtitle={subtitle} />
      <Card>
        <div className="flex flex-col items-center gap-3 p-10 text-center">
          <Construction className="size-10 text-indigo-500" aria-hidden />
          <p className="font-medium text-slate-800">This screen is coming soon.</p>
          <p className="max-w-md text-sm text-slate-600">Use the menu under your avatar to reach the other screens.</p>
        </div>
      </Card>
    </>
  );
}
