import { type FormEvent, useId, useRef, useState } from "react";
import { useTranslation } from "~/lib/i18n/react";
import { NEWSLETTER_THROTTLE_MS } from "../lib/constants";
import { emailErrorCode } from "./newsletter-outcome";
import { createThrottle } from "./newsletter-throttle";

export type NewsletterSource = "footer" | "newsletter-page" | "home";
type Status = "idle" | "submitting" | "success" | "error";
export type NewsletterFormState = { status: Status; message: string; fieldError: string | null };

const IDLE: NewsletterFormState = { status: "idle", message: "", fieldError: null };

/** Zod is loaded on first use, so the footer form on every page does not put it in the initial bundle. */
const loadSchemas = () => import("../lib/schemas");

type ApiAnswer = { ok?: boolean; message?: string; errors?: { email?: string } };

const STYLES = {
  light: {
    label: "text-stone-800",
    input: "border-stone-400 bg-white text-stone-900",
    button: "bg-leaf-700 text-white hover:bg-leaf-800",
    success: "text-leaf-800",
    error: "text-red-700",
  },
  dark: {
    label: "text-leaf-50",
    input: "border-leaf-300 bg-white text-stone-900",
    button: "bg-leaf-100 text-leaf-900 hover:bg-white",
    success: "text-leaf-100",
    error: "text-red-200",
  },
} as const;

/**
 * Newsletter sign-up: idle -> submitting ("Subscribing...") -> success (field cleared) or error. Without JavaScript
 * it is a plain POST to /api/newsletter, which redirects to /newsletter (in the page's language) with the outcome.
 */
export function NewsletterForm({
  source,
  variant = "light",
  initialState = IDLE,
}: {
  source: NewsletterSource;
  variant?: "light" | "dark";
  /** Outcome of a no-JavaScript post, shown on /newsletter. */
  initialState?: NewsletterFormState;
}) {
  const [email, setEmail] = useState("");
  const [state, setState] = useState<NewsletterFormState>(initialState);
  const inFlight = useRef(false);
  const allowSubmit = useRef(createThrottle(NEWSLETTER_THROTTLE_MS));
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const inputId = `${id}-email`;
  const errorId = `${id}-error`;
  const statusId = `${id}-status`;
  const s = STYLES[variant];
  // The page's language goes with the sign-up: the subscription keeps it for every message it gets.
  const { t, lang } = useTranslation();
  // The e-mail check's messages (the shared schema's) are English; the form says them in the page's language.
  const emailError = (message: string | undefined) =>
    emailErrorCode(message) === "missing-email" ? t("newsletter.missingEmail") : t("newsletter.invalidEmail");

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    // Ignored while one is in progress, and at most one per NEWSLETTER_THROTTLE_MS.
    if (inFlight.current) return;
    inFlight.current = true;
    try {
      const { EmailSchema } = await loadSchemas();
      const parsed = EmailSchema.safeParse(email);
      if (!parsed.success) {
        setState({ status: "idle", message: "", fieldError: emailError(parsed.error.issues[0]?.message) });
        inputRef.current?.focus();
        return;
      }
      if (!allowSubmit.current()) return;
      setState({ status: "submitting", message: "", fieldError: null });
      const res = await fetch("/api/newsletter", {
        method: "POST",
        headers: { Accept: "application/json", "Content-Type": "application/json" },
        body: JSON.stringify({ email: parsed.data, source, language: lang }),
      });
      const answer = (await res.json().catch(() => null)) as ApiAnswer | null;
      if (res.ok && answer?.ok) {
        setEmail("");
        setState({ status: "success", message: t("newsletter.success"), fieldError: null });
      } else if (res.status === 400 && answer?.errors?.email) {
        // The answer is in the language the form sent (the page's).
        setState({ status: "idle", message: "", fieldError: answer.errors.email });
        inputRef.current?.focus();
      } else if (res.status === 429) {
        setState({ status: "error", message: t("newsletter.tooMany"), fieldError: null });
      } else {
        setState({ status: "error", message: t("newsletter.error"), fieldError: null });
      }
    } catch {
      setState({ status: "error", message: t("newsletter.error"), fieldError: null });
    } finally {
      inFlight.current = false;
    }
  }

  const submitting = state.status === "submitting";
  const describedBy = [state.fieldError ? errorId : null, state.message ? statusId : null].filter(Boolean).join(" ");

  return (
    <form
      method="post"
      action="/api/newsletter"
      noValidate
      onSubmit={onSubmit}
      data-analytics-form="newsletter"
      data-analytics-start
    >
      <input type="hidden" name="source" value={source} />
      <input type="hidden" name="language" value={lang} />
      <label htmlFor={inputId} className={`block text-sm font-medium ${s.label}`}>
        {t("newsletter.email")}
      </label>
      {/* The button goes under the field when both do not fit on one line: a phone keeps room for a whole address. */}
      <div className="mt-1 flex flex-wrap gap-2">
        <input
          ref={inputRef}
          id={inputId}
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          placeholder={t("rest.emailPlaceholder")}
          value={email}
          onFocus={() => {
            loadSchemas().catch(() => {});
          }}
          onChange={(e) => {
            setEmail(e.target.value);
            if (state.fieldError) setState((prev) => ({ ...prev, fieldError: null }));
          }}
          aria-invalid={state.fieldError ? true : undefined}
          aria-describedby={describedBy || undefined}
          className={`min-w-0 flex-1 basis-52 rounded-md border px-3 py-2 text-base ${s.input}`}
        />
        <button
          type="submit"
          aria-disabled={submitting || undefined}
          className={`shrink-0 rounded-md px-4 py-2 font-semibold ${s.button} aria-disabled:opacity-80`}
        >
          {submitting ? t("newsletter.subscribing") : t("newsletter.subscribe")}
        </button>
      </div>
      <p id={errorId} aria-live="polite" className={`mt-1 min-h-5 text-sm ${s.error}`}>
        {state.fieldError}
      </p>
      <p
        id={statusId}
        role="status"
        aria-live="polite"
        className={`min-h-5 text-sm font-medium ${state.status === "error" ? s.error : s.success}`}
      >
        {submitting ? <span className="sr-only">{t("newsletter.subscribing")}</span> : state.message}
      </p>
    </form>
  );
}
