"use client";
// Profile: ends every session of the account on the server (a lost laptop, a shared computer),
// then this one locally.
import { LogOut } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { toast } from "@/components/ui/toast-store";
import { useSignOutEverywhere } from "@/lib/queries/profile";
import { useSession } from "@/lib/client/session";
import { failureToast } from "./failure-toast";

export function SignOutEverywhereCard() {
  const { signOut } = useSession();
  const signOutEverywhere = useSignOutEverywhere();

  const onClick = () =>
    signOutEverywhere.mutate(undefined, {
      onSuccess: async ({ message }) => {
        await signOut();
        toast({ title: "Signed out", description: message, variant: "success" });
      },
      onError: failureToast("Sign out failed", "Failed to sign out of all devices"),
    });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Sessions</CardTitle>
        <CardDescription>Signed in somewhere you no longer use? End every session, this one included.</CardDescription>
      </CardHeader>
      <CardContent>
        <Button variant="outline" onClick={onClick} disabled={signOutEverywhere.isPending} className="w-full">
          <LogOut aria-hidden />
          {signOutEverywhere.isPending ? "Signing out..." : "Sign out of all devices"}
        </Button>
      </CardContent>
    </Card>
  );
}
