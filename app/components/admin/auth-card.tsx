import type { ReactNode } from "react";
import { Leaf } from "../icons";

export const authInputClass =
  "mt-1 block w-full rounded-md border border-stone-400 bg-white px-3 py-2 text-stone-900 shadow-sm focus:border-leaf-600 aria-[invalid=true]:border-red-700";

export const authButtonClass =
  "w-full rounded-md bg-leaf-700 px-4 py-2 font-semibold text-white hover:bg-leaf-800 disabled:opacity-70";

/** The centred card of the signed-out admin pages (sign in, forgotten password, choosing a password). */
export function AuthCard({
  title,
  lead,
  children,
  back = { href: "/admin/login", label: "Back to sign in" },
}: {
  title: string;
  lead?: ReactNode;
  children: ReactNode;
  back?: { href: string; label: string };
}) {
  return (
    <main id="main" className="flex min-h-screen items-center justify-center bg-stone-50 px-4 py-12">
      <div className="w-full max-w-sm">
        <p className="mb-6 flex items-center justify-center gap-2 font-bold text-leaf-800">
          <Leaf aria-hidden="true" className="size-6" />
          Permaculture Network
        </p>
        <div className="rounded-lg border border-stone-200 bg-white p-6 shadow-sm sm:p-8">
          <h1 className="text-2xl font-bold text-stone-900">{title}</h1>
          {lead ? <p className="mt-1 text-sm text-stone-700">{lead}</p> : null}
          {children}
        </div>
        <p className="mt-6 text-center text-sm">
          <a href={back.href} className="text-leaf-800 underline">
            {back.label}
          </a>
        </p>
      </div>
    </main>
  );
}

/** A labelled input of these pages, with its error tied to it (and to a form-wide error, when `formErrorId` is given). */
export function AuthField({
  id,
  name,
  label,
  type,
  autoComplete,
  error,
  hint,
  defaultValue,
  formErrorId,
}: {
  id: string;
  name: string;
  label: string;
  type: "email" | "password";
  autoComplete: string;
  error?: string;
  hint?: string;
  defaultValue?: string;
  formErrorId?: string;
}) {
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null, formErrorId ?? null]
    .filter(Boolean)
    .join(" ");
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-stone-900">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        autoComplete={autoComplete}
        required
        defaultValue={defaultValue}
        aria-invalid={error || formErrorId ? true : undefined}
        aria-describedby={described || undefined}
        className={authInputClass}
      />
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-stone-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-800">
          {error}
        </p>
      ) : null}
    </div>
  );
}
