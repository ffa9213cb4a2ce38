import { type ReactNode, useEffect, useRef } from "react";
import { useTranslation } from "~/lib/i18n/react";
import { type SelectOption, SelectOptions } from "./select-options";

/** Stable ids so a field's label, hint and error message can point at each other. */
export function fieldIds(name: string) {
  const base = `field-${name.replace(/[^a-zA-Z0-9_-]/g, "-")}`;
  return { id: base, errorId: `${base}-error`, hintId: `${base}-hint` };
}

/**
 * How a form's fields look. "compact": staff's screens and the contribution forms (a small bold label, "(required)"
 * spelled out, `aria-required`). "large": the application, a long form for the public (base-size text, a "*" for
 * required with the browser's own `required`, "(optional)" on the others, "Error:" read out before a message).
 */
export type FieldLook = "compact" | "large";

type BaseProps = {
  name: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  className?: string;
  look?: FieldLook;
};

const INPUT_CLASSES: Record<FieldLook, (invalid: boolean) => string> = {
  compact: () =>
    "mt-1 block w-full rounded-md border border-stone-400 bg-white px-3 py-2 text-stone-900 shadow-sm aria-[invalid=true]:border-red-700 aria-[invalid=true]:ring-1 aria-[invalid=true]:ring-red-700",
  large: (invalid) =>
    `mt-1 block w-full rounded-md border bg-white px-3 py-2 text-base text-stone-900 ${
      invalid ? "border-red-700 ring-1 ring-red-700" : "border-stone-400 focus:border-leaf-600"
    }`,
};

/** The ids a control's aria-describedby names: its hint, then its error. */
export function describedBy(name: string, error?: string, hint?: ReactNode): string | undefined {
  const ids = fieldIds(name);
  const parts = [hint ? ids.hintId : null, error ? ids.errorId : null].filter(Boolean);
  return parts.length ? parts.join(" ") : undefined;
}

function Label({ name, label, required, look }: { name: string; label: string; required?: boolean; look?: FieldLook }) {
  // Staff's screens are English pages; a public form shows these words in its page's language.
  const { t } = useTranslation();
  if (look === "large") return <LargeLabel htmlFor={fieldIds(name).id} label={label} required={required} />;
  return (
    <label htmlFor={fieldIds(name).id} className="block text-sm font-semibold text-stone-800">
      {label}
      {required ? <span className="font-normal text-stone-600"> {t("formCommon.required")}</span> : null}
    </label>
  );
}

/** The large look's label: a "*" (hidden from screen readers, which hear the control's `required`) or "(optional)". */
export function LargeLabel({ htmlFor, label, required }: { htmlFor: string; label: string; required?: boolean }) {
  const { t } = useTranslation();
  return (
    <label htmlFor={htmlFor} className="font-medium">
      {label}{" "}
      {required ? (
        <span aria-hidden="true">*</span>
      ) : (
        <span className="font-normal text-stone-600">{t("formCommon.optional")}</span>
      )}
    </label>
  );
}

/** A field's error message, linked from its control's aria-describedby; the large look says "Error:" to screen readers. */
export function FieldError({ name, error, look }: { name: string; error?: string; look?: FieldLook }) {
  const { t } = useTranslation();
  if (!error) return null;
  return (
    <p id={fieldIds(name).errorId} className="mt-1 text-sm font-medium text-red-800">
      {look === "large" ? <span className="sr-only">{t("formCommon.errorPrefix")} </span> : null}
      {error}
    </p>
  );
}

function HintAndError({
  name,
  hint,
  error,
  look,
}: {
  name: string;
  hint?: ReactNode;
  error?: string;
  look?: FieldLook;
}) {
  const ids = fieldIds(name);
  return (
    <>
      {hint ? (
        <p id={ids.hintId} className="mt-1 text-sm text-stone-600">
          {hint}
        </p>
      ) : null}
      <FieldError name={name} error={error} look={look} />
    </>
  );
}

/** The label above one control, its hint and error below (the control comes in as `children`). */
function FieldShell({
  name,
  label,
  required,
  hint,
  error,
  className,
  look,
  children,
}: BaseProps & { children: ReactNode }) {
  return (
    <div className={className}>
      <Label name={name} label={label} required={required} look={look} />
      {children}
      <HintAndError name={name} hint={hint} error={error} look={look} />
    </div>
  );
}

/**
 * The control's id and name, its look, and what tells assistive technology that it is required, invalid, and where
 * its hint and error are (the large look's forms use the browser's `required`, with `noValidate` on the form).
 */
function controlProps({ name, required, error, hint, look = "compact" }: BaseProps) {
  return {
    id: fieldIds(name).id,
    name,
    className: INPUT_CLASSES[look](Boolean(error)),
    ...(look === "large" ? { required: required || undefined } : { "aria-required": required || undefined }),
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy(name, error, hint),
  };
}

/** A controlled control when `value` is given (its owner keeps the state), otherwise one that starts at `defaultValue`. */
function valueProps<E extends HTMLInputElement | HTMLSelectElement>(
  value: string | undefined,
  onChange: ((value: string) => void) | undefined,
  defaultValue: string | number | null | undefined,
) {
  return value !== undefined
    ? { value, onChange: (e: React.ChangeEvent<E>) => onChange?.(e.target.value) }
    : { defaultValue: defaultValue ?? "" };
}

/** A labelled text-like input (text, email, url, number, date, tel) with hint and error wired by aria-describedby. */
export function TextField({
  type = "text",
  defaultValue,
  value,
  onChange,
  maxLength,
  inputMode,
  step,
  min,
  max,
  autoComplete,
  placeholder,
  list,
  ...base
}: BaseProps & {
  list?: string;
  type?: "text" | "email" | "url" | "number" | "date" | "tel" | "search" | "datetime-local";
  defaultValue?: string | number | null;
  value?: string;
  onChange?: (value: string) => void;
  maxLength?: number;
  inputMode?: React.HTMLAttributes<HTMLInputElement>["inputMode"];
  step?: string;
  min?: string;
  max?: string;
  autoComplete?: string;
  placeholder?: string;
}) {
  return (
    <FieldShell {...base}>
      <input
        type={type}
        {...valueProps<HTMLInputElement>(value, onChange, defaultValue)}
        maxLength={maxLength}
        inputMode={inputMode}
        step={step}
        min={min}
        max={max}
        autoComplete={autoComplete ?? "off"}
        placeholder={placeholder}
        list={list}
        {...controlProps(base)}
      />
    </FieldShell>
  );
}

/** A labelled multi-line text area. */
export function TextAreaField({
  defaultValue,
  maxLength,
  rows = 4,
  ...base
}: BaseProps & { defaultValue?: string | null; maxLength?: number; rows?: number }) {
  return (
    <FieldShell {...base}>
      <textarea rows={rows} defaultValue={defaultValue ?? ""} maxLength={maxLength} {...controlProps(base)} />
    </FieldShell>
  );
}

export type { SelectOption };

/** A labelled select; controlled when `value` is given (for dependent selects), otherwise uncontrolled. */
export function SelectField({
  options,
  placeholder,
  defaultValue,
  value,
  onChange,
  autoComplete,
  ...base
}: BaseProps & {
  options: readonly SelectOption[];
  placeholder?: string;
  defaultValue?: string | null;
  value?: string;
  onChange?: (value: string) => void;
  autoComplete?: string;
}) {
  return (
    <FieldShell {...base}>
      <select
        {...valueProps<HTMLSelectElement>(value, onChange, defaultValue)}
        autoComplete={autoComplete}
        {...controlProps(base)}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        <SelectOptions options={options} />
      </select>
    </FieldShell>
  );
}

/** A single checkbox with its label beside it. */
export function CheckboxField({
  name,
  label,
  error,
  hint,
  className,
  defaultChecked,
}: Omit<BaseProps, "required"> & { defaultChecked?: boolean }) {
  const ids = fieldIds(name);
  return (
    <div className={className}>
      <div className="flex items-center gap-2">
        <input
          id={ids.id}
          name={name}
          type="checkbox"
          value="on"
          defaultChecked={defaultChecked}
          className="h-4 w-4 accent-leaf-700"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(name, error, hint)}
        />
        <label htmlFor={ids.id} className="text-sm font-semibold text-stone-800">
          {label}
        </label>
      </div>
      <HintAndError name={name} hint={hint} error={error} />
    </div>
  );
}

type CheckboxGroupLook = { list: string; item: string; box: string; label: string };

const CHECKBOX_GROUP_LOOKS: Record<"compact" | "roomy", CheckboxGroupLook> = {
  compact: {
    list: "mt-1 grid gap-1 sm:grid-cols-2 lg:grid-cols-3",
    item: "flex items-center gap-2",
    box: "h-4 w-4 accent-leaf-700",
    label: "text-sm text-stone-800",
  },
  // A long list ticked through on a phone: bigger boxes and rows, more columns as the screen widens.
  roomy: {
    list: "mt-2 grid grid-cols-1 gap-x-4 gap-y-1 min-[380px]:grid-cols-2 sm:grid-cols-3 lg:grid-cols-4",
    item: "flex min-h-8 items-center gap-2",
    box: "h-5 w-5 shrink-0 accent-leaf-700",
    label: "text-stone-800",
  },
};

/**
 * A fieldset of checkboxes sharing one name (a multi-select that works without JavaScript). The options come as one
 * list, or under sub-headings (`groups`), optionally followed by a part folded under `more` (open when one of its
 * options is ticked). `roomy` is the look for a long list (its hint above the boxes); `sendsEmpty` adds a hidden empty
 * value, so a form with none ticked still says so.
 */
export function CheckboxGroup({
  name,
  legend,
  options,
  defaultValues,
  error,
  hint,
  className,
  groups,
  more,
  roomy,
  sendsEmpty,
}: {
  name: string;
  legend: string;
  options?: readonly SelectOption[];
  /** Options shown under sub-headings (e.g. focus areas by category). */
  groups?: readonly { label: string; options: readonly SelectOption[] }[];
  /** Options folded away under a summary (e.g. "More languages"). */
  more?: { label: string; options: readonly SelectOption[] };
  defaultValues?: readonly string[];
  error?: string;
  hint?: ReactNode;
  className?: string;
  roomy?: boolean;
  sendsEmpty?: boolean;
}) {
  const ids = fieldIds(name);
  const selected = new Set(defaultValues ?? []);
  const look = CHECKBOX_GROUP_LOOKS[roomy ? "roomy" : "compact"];
  const renderOptions = (opts: readonly SelectOption[]) => (
    <ul className={look.list}>
      {opts.map((o) => {
        const id = `${ids.id}-${o.value.replace(/[^a-zA-Z0-9_-]/g, "-")}`;
        return (
          <li key={o.value} className={look.item}>
            <input
              id={id}
              type="checkbox"
              name={name}
              value={o.value}
              defaultChecked={selected.has(o.value)}
              className={look.box}
            />
            <label htmlFor={id} className={look.label}>
              {o.label}
            </label>
          </li>
        );
      })}
    </ul>
  );
  return (
    <fieldset
      id={ids.id}
      tabIndex={-1}
      className={className}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy(name, error, hint)}
    >
      <legend className="text-sm font-semibold text-stone-800">{legend}</legend>
      {roomy ? <HintAndError name={name} hint={hint} /> : null}
      {sendsEmpty ? <input type="hidden" name={name} value="" /> : null}
      {groups
        ? groups.map((g) => (
            <div key={g.label} className="mt-2">
              <p className="text-xs font-semibold uppercase tracking-wide text-stone-600">{g.label}</p>
              {renderOptions(g.options)}
            </div>
          ))
        : renderOptions(options ?? [])}
      {more ? (
        <details className="mt-2" open={more.options.some((o) => selected.has(o.value)) || undefined}>
          <summary className="cursor-pointer py-1 font-semibold text-leaf-800">{more.label}</summary>
          {renderOptions(more.options)}
        </details>
      ) : null}
      <HintAndError name={name} hint={roomy ? undefined : hint} error={error} />
    </fieldset>
  );
}

const SUMMARY_CLASSES: Record<FieldLook, { box: string; title: string; list: string; link: string }> = {
  compact: {
    box: "mb-6 rounded-md border-2 border-red-700 bg-red-50 p-4",
    title: "font-semibold text-red-900",
    list: "mt-2 list-disc space-y-2 pl-5 text-sm text-red-900",
    link: "underline",
  },
  large: {
    box: "rounded-lg border-2 border-red-700 bg-red-50 p-4 text-red-900",
    title: "text-lg font-semibold",
    list: "mt-2 list-disc space-y-1 pl-5",
    link: "font-medium underline",
  },
};

/**
 * Lists every field error at the top of a form, each linking to its field. It takes focus when it appears so
 * keyboard and screen-reader users learn the form was not saved: when its errors change, or, given `focusKey`, when
 * that changes (a form that checks as the visitor types refocuses on each failed attempt, not on each keystroke).
 * `formError` is a problem with the whole form; `targets` names the element a field's link moves to (the first option
 * of a group) when it is not the field's own control.
 */
export function ErrorSummary({
  errors,
  labels,
  title,
  formError,
  targets,
  focusKey,
  look = "compact",
}: {
  errors: Record<string, string>;
  labels?: Record<string, string>;
  title?: string;
  formError?: string;
  targets?: Record<string, string>;
  focusKey?: unknown;
  look?: FieldLook;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const entries = Object.entries(errors);
  const signature = entries.map(([k, v]) => `${k}:${v}`).join("|");
  const shown = entries.length > 0 || Boolean(formError);
  const cls = SUMMARY_CLASSES[look];
  useEffect(() => {
    if (shown) ref.current?.focus();
  }, [focusKey === undefined ? signature : focusKey]);
  if (!shown) return null;
  return (
    <div ref={ref} tabIndex={-1} role="alert" aria-labelledby="error-summary-title" className={cls.box}>
      <h2 id="error-summary-title" className={cls.title}>
        {title ?? t("formCommon.problems", { count: entries.length })}
      </h2>
      {formError ? <p className="mt-1">{formError}</p> : null}
      {entries.length > 0 ? (
        <ul className={cls.list}>
          {entries.map(([key, message]) => (
            <li key={key}>
              {key === "form" ? (
                message
              ) : (
                <a className={cls.link} href={`#${targets?.[key] ?? fieldIds(key).id}`}>
                  {labels?.[key] ? `${labels[key]}: ` : ""}
                  {message}
                </a>
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

const buttonBase =
  "inline-flex items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-semibold disabled:opacity-60";
export const buttonClasses = {
  primary: `${buttonBase} bg-leaf-700 text-white hover:bg-leaf-800`,
  secondary: `${buttonBase} border border-stone-400 bg-white text-stone-900 hover:bg-stone-100`,
  danger: `${buttonBase} bg-red-700 text-white hover:bg-red-800`,
  link: "font-semibold text-leaf-800 underline hover:text-leaf-900",
} as const;

/** The form's submit button; shows a pending label while the form is being sent. */
export function SubmitButton({
  children,
  pending,
  pendingLabel = "Saving...",
  variant = "primary",
  name,
  value,
}: {
  children: ReactNode;
  pending?: boolean;
  pendingLabel?: string;
  variant?: keyof typeof buttonClasses;
  name?: string;
  value?: string;
}) {
  return (
    <button type="submit" className={buttonClasses[variant]} disabled={pending} name={name} value={value}>
      {pending ? pendingLabel : children}
    </button>
  );
}
