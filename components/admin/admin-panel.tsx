"use client";
// Admin panel: counts, the Pending / All Users toggle, and the user cards.
// One action at a time: every button waits while one is in flight; both lists refresh after it.
import { useState } from "react";
import Link from "next/link";
import { Cable, Clock, KeyRound, Lightbulb, ScrollText, ShieldCheck, Tags, UserCheck, Users } from "lucide-react";
import { Card } from "@/components/ui/card";
import { StatCard } from "@/components/ui/stat-card";
import { buttonClasses } from "@/components/ui/button";
import { SegmentedControl } from "@/components/ui/segmented-control";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { CenteredMessage } from "@/components/ui/centered-message";
import { toast } from "@/components/ui/toast-store";
import { PageTitle } from "@/components/layout/page-title";
import { useAdminUserAction, useAllUsers, usePendingUsers } from "@/lib/queries/admin-users";
import { errorMessage } from "@/lib/client/api-error";
import { withCount } from "@/lib/format/count-label";
import type { AdminUserAction } from "@/lib/format/user-actions";
import type { AdminUserDto } from "@/lib/schemas/users";
import { ACTION_TEXT } from "./action-messages";
import { UserCard } from "./user-card";

type View = "pending" | "all";

const CONFIRM_TEXT: Partial<Record<AdminUserAction, { title: string; description: (email: string) => string }>> = {
  deny: {
    title: "Deny this registration?",
    description: (email) => `The account ${email} will be removed. They can register again later.`,
  },
  delete: { title: "Delete this user?", description: (email) => `The account ${email} will be permanently removed from the system.` },
};

export function AdminPanel() {
  const pending = usePendingUsers();
  const all = useAllUsers();
  const userAction = useAdminUserAction();
  const [view, setView] = useState<View>("pending");
  const [toConfirm, setToConfirm] = useState<{ action: AdminUserAction; user: AdminUserDto } | null>(null);

  const run = (action: AdminUserAction, user: AdminUserDto) => {
    const text = ACTION_TEXT[action];
    userAction.mutate(
      { action, userId: user.id },
      {
        onSuccess: () => toast({ ...text.success, variant: "success" }),
        onError: (error) =>
          toast({ title: text.failure, description: errorMessage(error, "An unexpected error occurred"), variant: "destructive" }),
      },
    );
  };

  const onAction = (action: AdminUserAction, user: AdminUserDto) => {
    if (CONFIRM_TEXT[action]) setToConfirm({ action, user });
    else run(action, user);
  };

  const list = view === "pending" ? pending : all;
  const users = list.data ?? [];
  const approvedCount = all.data?.filter((user) => user.approved).length;
  const running = userAction.isPending ? userAction.variables : undefined;
  const confirmText = toConfirm ? CONFIRM_TEXT[toConfirm.action] : undefined;

  return (
    <>
      <PageTitle
        title="Admin Panel"
        subtitle="Manage user access and approvals"
        actions={
          <>
            <Link href="/admin/ingest-keys" className={buttonClasses({ variant: "outline", size: "sm" })}>
              <KeyRound aria-hidden /> Ingest Keys
            </Link>
            <Link href="/admin/sources" className={buttonClasses({ variant: "outline", size: "sm" })}>
              <Cable aria-hidden /> Sources
            </Link>
            <Link href="/admin/audit-log" className={buttonClasses({ variant: "outline", size: "sm" })}>
              <ScrollText aria-hidden /> Audit Log
            </Link>
            <Link href="/admin/tags" className={buttonClasses({ variant: "outline", size: "sm" })}>
              <Tags aria-hidden /> Tags
            </Link>
            <Link href="/admin/insights" className={buttonClasses({ variant: "outline", size: "sm" })}>
              <Lightbulb aria-hidden /> Insights
            </Link>
            <Link href="/admin/privacy" className={buttonClasses({ variant: "outline", size: "sm" })}>
              <ShieldCheck aria-hidden /> Privacy
            </Link>
          </>
        }
      />
      <div className="grid grid-cols-3 gap-3 sm:gap-4">
        <StatCard label="Pending Approvals" value={pending.data?.length} icon={Clock} tone="bg-amber-100 text-amber-700" />
        <StatCard label="Total Users" value={all.data?.length} icon={Users} tone="bg-indigo-100 text-indigo-700" />
        <StatCard label="Approved Users" value={approvedCount} icon={UserCheck} tone="bg-emerald-100 text-emerald-700" />
      </div>

      <section className="mt-8" aria-label="Users">
        <SegmentedControl<View>
          label="Which users to show"
          value={view}
          onChange={setView}
          options={[
            { value: "pending", label: withCount("Pending", pending.data?.length) },
            { value: "all", label: withCount("All Users", all.data?.length) },
          ]}
        />
        <div className="mt-4" aria-busy={userAction.isPending}>
          {list.isPending ? (
            <CenteredMessage text="Loading users..." isBusy />
          ) : list.isError ? (
            <Card className="p-8 text-center">
              <p className="font-medium text-red-700">Failed to load users</p>
              <p className="mt-1 text-sm text-slate-600">{errorMessage(list.error, "An unexpected error occurred")}</p>
            </Card>
          ) : users.length === 0 ? (
            <Card className="p-10 text-center text-slate-600">{view === "pending" ? "No pending approvals" : "No users found"}</Card>
          ) : (
            <ul className="space-y-3">
              {users.map((user) => (
                <UserCard
                  key={user.id}
                  user={user}
                  isBusy={userAction.isPending}
                  runningAction={running?.userId === user.id ? running.action : undefined}
                  onAction={onAction}
                />
              ))}
            </ul>
          )}
        </div>
      </section>

      <ConfirmDialog
        open={toConfirm !== null}
        onOpenChange={(open) => {
          if (!open) setToConfirm(null);
        }}
        title={confirmText?.title ?? ""}
        description={toConfirm && confirmText ? confirmText.description(toConfirm.user.email) : ""}
        confirmLabel={toConfirm ? ACTION_TEXT[toConfirm.action].label : ""}
        onConfirm={() => {
          if (toConfirm) run(toConfirm.action, toConfirm.user);
        }}
      />
    </>
  );
}
