"use client";
// Profile › Sign-in methods: the single sign-on providers, each with Connect or Disconnect for the
// signed-in user, and what the last connect came to (the provider's callback returns here with it).
import { useEffect } from "react";
import { KeyRound } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { toast } from "@/components/ui/toast-store";
import { useConnectSignInMethod, useDisconnectSignInMethod, useSignInMethods } from "@/lib/queries/sign-in-methods";
import { errorMessage } from "@/lib/client/api-error";
import { failureToast } from "./failure-toast";

export interface SignInMethodsCardProps {
  /** The message of /profile?connect=<outcome>, read by the page. */
  connectResult: { text: string; isSuccess: boolean } | null;
}

export function SignInMethodsCard({ connectResult }: SignInMethodsCardProps) {
  const methods = useSignInMethods();
  const connect = useConnectSignInMethod();
  const disconnect = useDisconnectSignInMethod();

  // Shown once: the outcome leaves the address, so a reload does not repeat it.
  useEffect(() => {
    if (!connectResult) return;
    toast({
      title: connectResult.isSuccess ? "Provider connected" : "Connect failed",
      description: connectResult.text,
      variant: connectResult.isSuccess ? "success" : "destructive",
    });
    const url = new URL(window.location.href);
    url.searchParams.delete("connect");
    window.history.replaceState(window.history.state, "", `${url.pathname}${url.search}`);
  }, [connectResult]);

  if (methods.isPending || methods.isError || methods.data.providers.length === 0) {
    return methods.isError ? (
      <Card>
        <CardHeader>
          <CardTitle>Sign-in methods</CardTitle>
          <CardDescription className="text-red-700">{errorMessage(methods.error, "Failed to load sign-in methods")}</CardDescription>
        </CardHeader>
      </Card>
    ) : null;
  }

  const onConnect = (providerId: string) =>
    connect.mutate(providerId, {
      // The provider's page is another site: a full navigation, not a client-side route.
      onSuccess: (url) => window.location.assign(url),
      onError: failureToast("Connect failed", "Failed to connect the provider"),
    });
  const onDisconnect = (providerId: string, name: string) =>
    disconnect.mutate(providerId, {
      onSuccess: () =>
        toast({ title: "Provider disconnected", description: `You can no longer sign in with ${name}.`, variant: "success" }),
      onError: failureToast("Disconnect failed", "Failed to disconnect the provider"),
    });
  const isBusy = connect.isPending || connect.isSuccess || disconnect.isPending;

  return (
    <Card data-testid="sign-in-methods">
      <CardHeader>
        <CardTitle>Sign-in methods</CardTitle>
        <CardDescription>
          {methods.data.hasPassword ? "Your password, and the providers you connect." : "The providers you connect."} Connect a provider to
          sign in with it.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="divide-y divide-slate-200">
          {methods.data.providers.map((provider) => (
            <li key={provider.id} className="flex items-center justify-between gap-3 py-3 first:pt-0 last:pb-0">
              <span className="flex min-w-0 items-center gap-2">
                <KeyRound className="size-4 shrink-0 text-slate-500" aria-hidden />
                <span className="min-w-0">
                  <span className="block truncate font-medium text-slate-900">{provider.name}</span>
                  <span className="block text-xs text-slate-600">{provider.isConnected ? "Connected" : "Not connected"}</span>
                </span>
              </span>
              {provider.isConnected ? (
                <Button
                  variant="outline"
                  size="sm"
                  disabled={isBusy}
                  onClick={() => onDisconnect(provider.id, provider.name)}
                  aria-label={`Disconnect ${provider.name}`}
                >
                  Disconnect
                </Button>
              ) : (
                <Button size="sm" disabled={isBusy} onClick={() => onConnect(provider.id)} aria-label={`Connect ${provider.name}`}>
                  Connect
                </Button>
              )}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
