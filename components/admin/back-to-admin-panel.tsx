import Link from "next/link";
import { ArrowLeft } from "lucide-react";
import { buttonClasses } from "@/components/ui/button";

/** The way back from an administrator's sub-screen (audit log, ingest keys) to the Admin Panel. */
export function BackToAdminPanel() {
  return (
    <Link href="/admin" className={buttonClasses({ variant: "outline", size: "sm" })}>
      <ArrowLeft aria-hidden /> Admin Panel
    </Link>
  );
}
