import type { ReactNode } from "react";
import { Trans, useTranslation } from "~/lib/i18n/react";
import { AppLink } from "../app-link";
import { CircleCheck } from "../icons";
import { CheckboxField, TextField } from "./form-field";

/**
 * One part of a public form, a white card whose legend names it ("About the place", "About you"). `spacing` is the
 * room between its fields.
 */
export function FormSection({
  legend,
  spacing = "space-y-4",
  children,
}: {
  legend: ReactNode;
  spacing?: "space-y-2" | "space-y-4" | "space-y-5";
  children: ReactNode;
}) {
  return (
    <fieldset className={`${spacing} rounded-xl border border-leaf-100 bg-white p-5`}>
      <legend className="px-1 text-lg font-semibold text-leaf-900">{legend}</legend>
      {children}
    </fieldset>
  );
}

/**
 * The contributor's part of a suggestion: an address for questions (optional) and their consent to keeping what they
 * send, whose hint links to the privacy page.
 */
export function ContributorFields({
  email,
  consented,
  errors,
  emailHint,
  consentLabel,
}: {
  email: string;
  consented: boolean;
  errors: Record<string, string | undefined>;
  emailHint: string;
  consentLabel: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        name="proposerEmail"
        label={t("formCommon.field.yourEmail")}
        type="email"
        autoComplete="email"
        defaultValue={email}
        error={errors.proposerEmail}
        hint={emailHint}
      />
      <CheckboxField
        name="consent"
        label={consentLabel}
        defaultChecked={consented}
        error={errors.consent}
        hint={
          <Trans
            i18nKey="formCommon.consentHint"
            components={{ privacy: <AppLink to="/privacy" className="text-leaf-800 underline" /> }}
          />
        }
      />
    </>
  );
}

/** A suggestion's send button; it says it is sending while the form is on its way. */
export function SendButton({ sending, children }: { sending: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <button
      type="submit"
      data-send=""
      disabled={sending}
      className="rounded-md bg-leaf-700 px-6 py-3 font-semibold text-white hover:bg-leaf-800 disabled:opacity-60"
    >
      {sending ? t("formCommon.sending") : children}
    </button>
  );
}

/**
 * The page a public form leads to once sent: a tick, its title and lead, then what the form adds (next steps, the ways
 * on). `announce` makes the card a status, read out as it appears.
 */
export function FormSent({
  title,
  lead,
  announce,
  children,
}: {
  title: string;
  lead: string;
  announce?: boolean;
  children?: ReactNode;
}) {
  return (
    <main id="main">
      <div className="mx-auto max-w-3xl px-4 py-12 sm:py-16">
        <div
          role={announce ? "status" : undefined}
          className="rounded-2xl border border-leaf-200 bg-white p-6 shadow-sm sm:p-10"
        >
          <CircleCheck aria-hidden="true" className="h-12 w-12 text-leaf-700" />
          <h1 className="mt-4 text-3xl font-bold tracking-tight text-leaf-900">{title}</h1>
          <p className="mt-3 text-lg text-stone-800">{lead}</p>
          {children}
        </div>
      </div>
    </main>
  );
}

/** The two ways on from a sent form: the main one as a button, the other beside it. */
export function FormSentLinks({
  main,
  other,
}: {
  main: { to: string; label: string };
  other: { to: string; label: string };
}) {
  return (
    <div className="mt-8 flex flex-wrap gap-3">
      <AppLink to={main.to} className="rounded-md bg-leaf-700 px-5 py-2.5 font-semibold text-white hover:bg-leaf-800">
        {main.label}
      </AppLink>
      <AppLink
        to={other.to}
        className="rounded-md border border-leaf-300 px-5 py-2.5 font-semibold text-leaf-900 hover:bg-leaf-50"
      >
        {other.label}
      </AppLink>
    </div>
  );
}
