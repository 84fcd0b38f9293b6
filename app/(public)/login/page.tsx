import type { Metadata } from "next";
import { LoginForm } from "@/components/auth/login-form";
import { isPasswordLoginEnabled, ssoProviderChoices } from "@/lib/auth/sso-config";
import { ssoSignInErrorMessage } from "@/lib/auth/sign-in-messages";

export const metadata: Metadata = { title: "Sign in · Transcript Analytics" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** The single sign-on providers and PASSWORD_LOGIN are read here, on the server, per request: the form gets ids and names only. */
export default async function LoginPage({ searchParams }: { searchParams: SearchParams }) {
  const { next, error } = await searchParams;
  return (
    <LoginForm
      next={typeof next === "string" ? next : undefined}
      providers={ssoProviderChoices()}
      isPasswordLoginEnabled={isPasswordLoginEnabled()}
      ssoError={ssoSignInErrorMessage(typeof error === "string" ? error : undefined)}
    />
  );
}
