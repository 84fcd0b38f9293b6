import type { Metadata } from "next";
import { SsoLanding } from "@/components/auth/sso-landing";

export const metadata: Metadata = { title: "Signing in · Transcript Analytics" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** Where single sign-on lands once the provider's answer has started the session (lib/server/auth/sso-handler.ts). */
export default async function SsoLandingPage({ searchParams }: { searchParams: SearchParams }) {
  const { next } = await searchParams;
  return <SsoLanding next={typeof next === "string" ? next : undefined} />;
}
