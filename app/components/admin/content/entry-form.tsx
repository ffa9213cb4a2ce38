import type { FormEvent, ReactNode } from "react";
import { Form } from "react-router";
import { FocusAreasField } from "~/components/forms/focus-areas-field";
import { ErrorSummary } from "~/components/forms/form-field";
import { type FormValues, textValue } from "~/lib/schemas/form";
import type { EntryStatus } from "~/lib/vocabulary";
import { AdminErrorBoundary } from "./admin-page";
import { EntryStatusField, FormActions, FormPageHeader } from "./content-form";
import { capitalised, entryKindWords, type FormKind } from "./entry-kinds";
import { MadeFromApplication } from "./made-from-application";
import { type HistoryEntry, RevisionHistory } from "./revision-history";
import { TranslationFields } from "./translation-fields";

/** An entry form's page title: "Edit <name>" for a saved entry, "Add <kind>" for a new one. */
export function entryFormMeta(kind: FormKind, name: string | null | undefined) {
  const title = name ? `Edit ${name}` : `Add ${kind}`;
  return [{ title: `${title} | Admin` }, { name: "robots", content: "noindex" }];
}

/**
 * The page of one entry's form (a location, program, change-maker or resource): the way back and the title, the
 * application it was made from, the errors, then the kind's own fields (`children`) followed by what every entry
 * form ends with (focus areas, language and translations, status, save and cancel), and the saved entry's history.
 * The way back and out leads to the kind's list; a saved entry's public page (when its kind has pages) opens from
 * the title.
 */
export function EntryFormPage({
  kind,
  wide = false,
  notices,
  data,
  form,
  children,
}: {
  kind: FormKind;
  /** A form with more columns gets a wider page. */
  wide?: boolean;
  /** What the page says between the errors and the form (a location's likely duplicates and its entry check). */
  notices?: ReactNode;
  /**
   * What the form's loader gives every entry form (services/entries/entry-forms.server.ts): the entry edited (its id
   * and name, a resource's title) and its values as saved, both null while adding one, its labels and its history.
   */
  data: {
    entry: { id: string; name: string; publicPath: string | null } | null;
    saved: FormValues | null;
    labels: Record<string, string>;
    history: HistoryEntry[];
    focusAreas: readonly { id: string; name: string; categoryId: string }[];
    fromApplication?: { id: string; fullName: string } | null;
  };
  /** What the form shows (as posted back, or as saved), its errors and its check on submit. */
  form: { values: FormValues; errors: Record<string, string>; onSubmit: (event: FormEvent<HTMLFormElement>) => void };
  children: ReactNode;
}) {
  const { entry, saved, labels, history, focusAreas } = data;
  const name = entry?.name ?? null;
  const { values, errors, onSubmit } = form;
  const { plural, paths } = entryKindWords(kind);
  return (
    <div className={wide ? "max-w-4xl" : "max-w-3xl"}>
      <FormPageHeader
        title={name ? `Edit ${kind}: ${name}` : `Add ${kind}`}
        backHref={paths.list}
        backLabel={`Back to ${plural}`}
        status={savedStatus(saved)}
        publicHref={entry?.publicPath ?? null}
      />
      <MadeFromApplication application={data.fromApplication ?? null} />
      <ErrorSummary errors={errors} labels={labels} />
      {notices}
      <Form
        method="post"
        noValidate
        onSubmit={onSubmit}
        className={kind === "location" ? "space-y-8" : "space-y-6"}
        aria-label={`${capitalised(kind)} details`}
      >
        {children}
        <FocusAreasField focusAreas={focusAreas} values={values} error={errors.focusAreas} />
        <TranslationFields
          kind={kind}
          values={values}
          errors={errors}
          savedLanguage={textValue(saved ?? undefined, "language") || undefined}
        />
        <EntryStatusField value={textValue(values, "status")} error={errors.status} />
        <FormActions submitLabel={name ? "Save changes" : `Create ${kind}`} cancelHref={paths.list} />
      </Form>
      {name ? <RevisionHistory history={history} labels={labels} /> : null}
    </div>
  );
}

/** The saved entry's status as its form was given it (null while adding one). */
function savedStatus(saved: FormValues | null): EntryStatus | null {
  return (saved?.status as EntryStatus | undefined) ?? null;
}

/** The error state of an entry form's screen, with the way back to the kind's list. */
export function EntryFormErrorBoundary({ kind, error }: { kind: FormKind; error: unknown }) {
  const { plural, paths } = entryKindWords(kind);
  return <AdminErrorBoundary error={error} listHref={paths.list} listLabel={`Back to ${plural}`} />;
}
