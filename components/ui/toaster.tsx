"use client";
import * as ToastPrimitive from "@radix-ui/react-toast";
import { CircleAlert, CircleCheck, X } from "lucide-react";
import clsx from "clsx";
import { dismissToast, useToasts, type ToastVariant } from "./toast-store";

const variantClasses: Record<ToastVariant, string> = {
  default: "border-slate-200 bg-white text-slate-900",
  success: "border-emerald-200 bg-white text-slate-900",
  destructive: "border-red-700 bg-red-600 text-white",
};

/** Renders the toast store with Radix Toast: swipe right to dismiss, a hotkey focuses the region. */
export function Toaster({ duration, swipeThreshold, hotkey }: { duration: number; swipeThreshold: number; hotkey: string }) {
  const toasts = useToasts();
  return (
    <ToastPrimitive.Provider duration={duration} swipeDirection="right" swipeThreshold={swipeThreshold} label="Notification">
      {toasts.map((item) => {
        const variant = item.variant ?? "default";
        return (
          <ToastPrimitive.Root
            key={item.id}
            open={item.open}
            onOpenChange={(open) => {
              if (!open) dismissToast(item.id);
            }}
            duration={item.duration}
            type={variant === "destructive" ? "foreground" : "background"}
            data-variant={variant}
            className={clsx(
              "toast-root pointer-events-auto relative flex w-full items-start gap-3 overflow-hidden rounded-lg border p-4 pr-10 shadow-lg",
              variantClasses[variant],
            )}
          >
            {variant === "success" ? <CircleCheck className="mt-0.5 size-5 shrink-0 text-emerald-600" aria-hidden /> : null}
            {variant === "destructive" ? <CircleAlert className="mt-0.5 size-5 shrink-0" aria-hidden /> : null}
            <div className="grid gap-1">
              <ToastPrimitive.Title className="text-sm font-semibold">{item.title}</ToastPrimitive.Title>
              {item.description ? (
                <ToastPrimitive.Description className={clsx("text-sm", variant === "destructive" ? "text-red-50" : "text-slate-600")}>
                  {item.description}
                </ToastPrimitive.Description>
              ) : null}
            </div>
            <ToastPrimitive.Close
              aria-label="Close"
              className={clsx(
                "absolute right-2 top-2 rounded-md p-1 focus-visible:outline-none focus-visible:ring-2",
                variant === "destructive"
                  ? "text-red-100 hover:text-white focus-visible:ring-white"
                  : "text-slate-400 hover:text-slate-700 focus-visible:ring-indigo-500",
              )}
            >
              <X className="size-4" aria-hidden />
            </ToastPrimitive.Close>
          </ToastPrimitive.Root>
        );
      })}
      <ToastPrimitive.Viewport
        hotkey={[hotkey]}
        className="fixed bottom-0 right-0 z-[100] m-0 flex max-h-screen w-full list-none flex-col gap-2 p-4 outline-none sm:max-w-[420px]"
      />
    </ToastPrimitive.Provider>
  );
}
