"use client";
// Admin panel: one user with its badges, short id, registration time and actions,
// and a mark on accounts whose owner never proved they read mail at the address.
import { Ban, LoaderCircle, MailWarning, RotateCcw, ShieldCheck, Trash2, UserCheck, UserX } from "lucide-react";
import type { LucideIcon } from "lucide-react";
import { Badge, type BadgeVariant } from "@/components/ui/badge";
import { Button, type ButtonVariant } from "@/components/ui/button";
import { availableUserActions, userBadges, type AdminUserAction, type UserBadge } from "@/lib/format/user-actions";
import { shortId } from "@/lib/format/short-id";
import { formatDateTime } from "@/lib/format/date-time";
import type { AdminUserDto } from "@/lib/schemas/users";
import { ACTION_TEXT } from "./action-messages";

const BADGE_VARIANT: Record<UserBadge, BadgeVariant> = { Admin: "info", Approved: "success", Pending: "warning", Revoked: "danger" };

const ACTION_LOOK: Record<AdminUserAction, { variant: ButtonVariant; icon: LucideIcon }> = {
  approve: { variant: "success", icon: UserCheck },
  deny: { variant: "outline", icon: UserX },
  makeAdmin: { variant: "outline", icon: ShieldCheck },
  revoke: { variant: "outline", icon: Ban },
  restore: { variant: "outline", icon: RotateCcw },
  delete: { variant: "destructive", icon: Trash2 },
};

export function UserCard({
  user,
  isBusy,
  runningAction,
  onAction,
}: {
  user: AdminUserDto;
  /** Some action (on any user) is in flight: every button waits. */
  isBusy: boolean;
  /** The action in flight on this user, if any. */
  runningAction?: AdminUserAction;
  onAction: (action: AdminUserAction, user: AdminUserDto) => void;
}) {
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5" data-testid="user-card" data-email={user.email}>
      <div className="flex flex-col gap-4 lg:flex-row lg:items-center lg:justify-between">
        <div className="min-w-0 space-y-1.5">
          <div className="flex flex-wrap items-center gap-2">
            <span className="break-all font-medium text-slate-900">{user.email}</span>
            {userBadges(user).map((badge) => (
              <Badge key={badge} variant={BADGE_VARIANT[badge]}>
                {badge}
              </Badge>
            ))}
          </div>
          {user.emailVerified ? null : (
            <p className="flex items-center gap-1 text-xs font-medium text-amber-800" data-testid="email-not-verified">
              <MailWarning className="size-3.5" aria-hidden />
              E-mail not verified
            </p>
          )}
          {user.name ? <p className="text-sm text-slate-700">{user.name}</p> : null}
          <dl className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-500">
            <div className="flex gap-1">
              <dt>ID:</dt>
              <dd className="font-mono" title={user.id}>
                {shortId(user.id)}
              </dd>
            </div>
            <div className="flex gap-1">
              <dt>Registered:</dt>
              <dd>
                <time dateTime={user.createdAt}>{formatDateTime(user.createdAt)}</time>
              </dd>
            </div>
          </dl>
        </div>
        <div className="flex flex-wrap gap-2 lg:justify-end">
          {availableUserActions(user).map((action) => {
            const { variant, icon: Icon } = ACTION_LOOK[action];
            return (
              <Button key={action} size="sm" variant={variant} disabled={isBusy} onClick={() => onAction(action, user)}>
                {runningAction === action ? <LoaderCircle className="animate-spin" aria-hidden /> : <Icon aria-hidden />}
                {ACTION_TEXT[action].label}
              </Button>
            );
          })}
        </div>
      </div>
    </li>
  );
}
