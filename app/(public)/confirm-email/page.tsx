import type { Metadata } from "next";
import { ConfirmEmailForm } from "@/components/auth/confirm-email-form";

export const metadata: Metadata = { title: "Confirm your email address · Transcript Analytics" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function ConfirmEmailPage({ searchParams }: { searchParams: SearchParams }) {
  const { token } = await searchParams;
  return <ConfirmEmailForm token={typeof token === "string" ? token : ""} />;
}
