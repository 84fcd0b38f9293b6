import type { ReactNode } from "react";
import Link from "next/link";
import { ArrowLeft } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { Logo } from "@/components/layout/logo";

/** The frame of the signed-out screens: the logo above one centred card, filling the height that app/(public)/layout.tsx leaves. */
export function AuthShell({
  title,
  description,
  children,
  footer,
}: {
  title: string;
  description?: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <main className="flex flex-1 flex-col items-center justify-center bg-gradient-to-br from-slate-50 via-white to-indigo-50 px-4 py-10">
      <div className="w-full max-w-md">
        <div className="mb-6 flex justify-center">
          <Logo />
        </div>
        <Card className="shadow-md">
          <CardHeader className="text-center">
            <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
            {description ? <CardDescription>{description}</CardDescription> : null}
          </CardHeader>
          <CardContent>{children}</CardContent>
        </Card>
        {footer ? <div className="mt-6 text-center text-sm text-slate-600">{footer}</div> : null}
      </div>
    </main>
  );
}

export const linkClasses =
  "font-medium text-indigo-700 underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-offset-2 rounded-sm";

/** A footer line of the sign-in and registration screens: a question, then the link that answers it. */
export function FooterPrompt({ question, href, link }: { question: string; href: string; link: string }) {
  return (
    <>
      {question}{" "}
      <Link href={href} className={linkClasses}>
        {link}
      </Link>
    </>
  );
}

/** The footer link of the screens a visitor reaches from the sign-in screen. */
export function BackToLoginLink() {
  return (
    <Link href="/login" className={`inline-flex items-center gap-1 ${linkClasses}`}>
      <ArrowLeft className="size-4" aria-hidden />
      Back to login
    </Link>
  );
}
