import Link from "next/link";
import type { Metadata } from "next";
import { FileQuestion } from "lucide-react";
import { Card } from "@/components/ui/card";
import { buttonClasses } from "@/components/ui/button";

export const metadata: Metadata = { title: "Page Not Found · Transcript Analytics" };

// Any other path shows a 404 card titled Page Not Found.
export default function NotFound() {
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 px-4">
      <Card className="w-full max-w-md">
        <div className="flex flex-col items-center gap-4 p-8 text-center">
          <FileQuestion className="size-12 text-indigo-500" aria-hidden />
          <div>
            <p className="text-sm font-semibold text-indigo-600">404</p>
            <h1 className="mt-1 text-2xl font-bold tracking-tight text-slate-900">Page Not Found</h1>
            <p className="mt-2 text-sm text-slate-600">The page you are looking for does not exist or has been moved.</p>
          </div>
          <Link href="/" className={buttonClasses()}>
            Go to home page
          </Link>
        </div>
      </Card>
    </main>
  );
}
