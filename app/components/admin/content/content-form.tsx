import { Link } from "react-router";
import { buttonClasses, SelectField, SubmitButton } from "~/components/forms/form-field";
import { type FormValues, textValue } from "~/lib/schemas/form";
import { ENTRY_STATUS_LABELS, ENTRY_STATUSES, type EntryStatus } from "~/lib/vocabulary";
import { PageHeader } from "../shell/page-header";
import { useSubmitting } from "./use-navigation-state";

/**
 * Ties fields to what the form shows (the submitted or stored values) and its errors, so each field names its key
 * once: `<TextField {...field("title")} label="Title" />` gives it the name, the current value and its error.
 * `fallback` is the value an empty field starts with.
 */
export function bindFields(values: FormValues, errors: Record<string, string | undefined>) {
  return (name: string, fallback = "") => ({
    name,
    defaultValue: textValue(values, name) || fallback,
    error: errors[name],
  });
}

/** The top of a content form page: the way back to the list, the title and, for a saved item, its public page. */
export function FormPageHeader({
  title,
  backHref,
  backLabel,
  publicHref,
  status,
}: {
  title: string;
  backHref: string;
  backLabel: string;
  /** Set once the item exists; opens in a new tab so the form keeps its state. */
  publicHref?: string | null;
  /** The saved entry's status: an unpublished entry's public page is a staff preview. */
  status?: EntryStatus | null;
}) {
  return (
    <>
      <p className="mb-2">
        <Link to={backHref} className={buttonClasses.link}>
          {backLabel}
        </Link>
      </p>
      <PageHeader
        title={title}
        actions={
          publicHref ? (
            <a className={buttonClasses.link} href={publicHref} target="_blank" rel="noreferrer">
              {status && status !== "published" ? "Preview public page" : "View public page"}
            </a>
          ) : null
        }
      />
    </>
  );
}

/** A content form's submit button (showing that it is saving) and the way out without saving. */
export function FormActions({ submitLabel, cancelHref }: { submitLabel: string; cancelHref: string }) {
  const submitting = useSubmitting();
  return (
    <div className="flex gap-3">
      <SubmitButton pending={submitting}>{submitLabel}</SubmitButton>
      <Link to={cancelHref} className={buttonClasses.secondary}>
        Cancel
      </Link>
    </div>
  );
}

/** Draft, published or archived, with what each means for visitors. */
export function EntryStatusField({ value, error }: { value: string; error?: string }) {
  return (
    <SelectField
      name="status"
      label="Status"
      options={ENTRY_STATUSES.map((s) => ({ value: s, label: ENTRY_STATUS_LABELS[s] }))}
      defaultValue={value || "published"}
      error={error}
      hint="Only published entries appear on the site, the map, search, feeds and the sitemap. Staff can preview the others."
    />
  );
}
