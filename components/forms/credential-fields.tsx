"use client";
// The e-mail and password fields of the sign-in, registration, reset and profile forms. A field's
// hint, when it has one, also describes its input to screen readers (Field gives it `${id}-hint`).
import type { ReactNode } from "react";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { PasswordInput } from "@/components/ui/password-input";
import { toast } from "@/components/ui/toast-store";
import { PASSWORD_MIN_LENGTH } from "@/lib/schemas/auth";

/** The id of the hint Field renders below the input `id`, when there is a hint. */
function hintId(id: string, hint: string | undefined): string | undefined {
  return hint ? `${id}-hint` : undefined;
}

interface TextFieldProps {
  id: string;
  label: string;
  hint?: string;
  value: string;
  onChange: (value: string) => void;
}

export function EmailField({ id, label, hint, placeholder, value, onChange }: TextFieldProps & { placeholder?: string }) {
  return (
    <Field id={id} label={label} hint={hint}>
      <Input
        id={id}
        name="email"
        type="email"
        autoComplete="email"
        required
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={placeholder}
        aria-describedby={hintId(id, hint)}
      />
    </Field>
  );
}

export function PasswordField({
  id,
  name,
  label,
  hint,
  action,
  autoComplete,
  value,
  onChange,
}: TextFieldProps & {
  name: string;
  /** Shown beside the label, e.g. a link to reset a forgotten password. */
  action?: ReactNode;
  autoComplete: "current-password" | "new-password";
}) {
  return (
    <Field id={id} label={label} hint={hint} action={action}>
      <PasswordInput
        id={id}
        name={name}
        autoComplete={autoComplete}
        required
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-describedby={hintId(id, hint)}
      />
    </Field>
  );
}

/** A new password and the same typed again. */
export interface NewPassword {
  password: string;
  confirmation: string;
}

export const NO_NEW_PASSWORD: NewPassword = { password: "", confirmation: "" };

/** The descriptions of the toasts for a refused new password; the spec words them per screen. */
export interface NewPasswordWording {
  mismatch: string;
  tooShort: string;
}

/** The wording of the reset and profile screens. */
export const NEW_PASSWORD_WORDING: NewPasswordWording = {
  mismatch: "Please make sure both passwords are the same",
  tooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters long`,
};

/** The hint below a new password on the reset and profile screens. */
export const NEW_PASSWORD_HINT = `Must be at least ${PASSWORD_MIN_LENGTH} characters long`;

/**
 * True when a new password is typed the same twice and has at least
 * PASSWORD_MIN_LENGTH characters; otherwise false, with a toast naming the first rule it breaks.
 */
export function checkNewPassword({ password, confirmation }: NewPassword, wording: NewPasswordWording): boolean {
  if (password !== confirmation) {
    toast({ title: "Passwords don't match", description: wording.mismatch, variant: "destructive" });
    return false;
  }
  if (password.length < PASSWORD_MIN_LENGTH) {
    toast({ title: "Password too short", description: wording.tooShort, variant: "destructive" });
    return false;
  }
  return true;
}

/** A new password typed twice: the first input (with the hint stating the rule), then its confirmation named confirmPassword. */
export function NewPasswordFields({
  value,
  onChange,
  password,
  confirmation,
}: {
  value: NewPassword;
  onChange: (value: NewPassword) => void;
  password: { id: string; name: string; label: string; hint: string };
  confirmation: { id: string; label: string };
}) {
  return (
    <>
      <PasswordField
        {...password}
        autoComplete="new-password"
        value={value.password}
        onChange={(typed) => onChange({ ...value, password: typed })}
      />
      <PasswordField
        {...confirmation}
        name="confirmPassword"
        autoComplete="new-password"
        value={value.confirmation}
        onChange={(typed) => onChange({ ...value, confirmation: typed })}
      />
    </>
  );
}
