import { type ReactNode, type RefObject, useRef } from "react";
import { Form, Link } from "react-router";
import { buttonClasses } from "~/components/forms/form-field";

/** A confirmation dialog's way out: it closes the dialog, and takes focus when the dialog opens. */
export function DialogCancel({ dialog }: { dialog: RefObject<HTMLDialogElement | null> }) {
  return (
    <button
      type="button"
      // biome-ignore lint/a11y/noAutofocus: the least destructive choice takes focus when the dialog opens
      autoFocus
      className={buttonClasses.secondary}
      onClick={() => dialog.current?.close()}
    >
      Cancel
    </button>
  );
}

/** The post a confirmation makes: its hidden fields, then the dialog's or the panel's buttons. */
function ConfirmForm({
  action,
  fields,
  className,
  children,
}: {
  action?: string;
  fields: Record<string, string>;
  className: string;
  children: ReactNode;
}) {
  return (
    <Form method="post" action={action} className={className}>
      {Object.entries(fields).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      {children}
    </Form>
  );
}

/**
 * A destructive action behind a confirmation. With JavaScript the trigger opens a modal <dialog> (focus moves to
 * Cancel, Escape closes it, focus returns to the trigger). Before JavaScript runs the trigger is a link to
 * `fallbackHref`, a page that shows <ConfirmPanel> as the confirmation step.
 */
export function ConfirmDialog({
  triggerLabel,
  triggerAccessibleLabel,
  title,
  description,
  confirmLabel = "Delete",
  fields,
  fallbackHref,
  action,
  triggerClassName,
}: {
  triggerLabel: ReactNode;
  /** Full name of the action for assistive tech, e.g. "Delete Green Valley Farm". */
  triggerAccessibleLabel?: string;
  title: string;
  description?: ReactNode;
  confirmLabel?: string;
  /** Hidden fields posted on confirm, e.g. { intent: "delete", id }. */
  fields: Record<string, string>;
  fallbackHref: string;
  action?: string;
  triggerClassName?: string;
}) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const triggerRef = useRef<HTMLAnchorElement>(null);
  const titleId = `confirm-title-${Object.values(fields).join("-")}`;
  return (
    <>
      <a
        ref={triggerRef}
        href={fallbackHref}
        aria-label={triggerAccessibleLabel}
        aria-haspopup="dialog"
        className={triggerClassName ?? "font-semibold text-red-800 underline hover:text-red-900"}
        onClick={(e) => {
          if (!dialogRef.current?.showModal) return;
          e.preventDefault();
          dialogRef.current.showModal();
        }}
      >
        {triggerLabel}
      </a>
      <dialog
        ref={dialogRef}
        aria-labelledby={titleId}
        className="m-auto max-w-md rounded-lg border border-stone-300 p-6 shadow-xl backdrop:bg-stone-900/50"
        onClose={() => triggerRef.current?.focus()}
      >
        <h2 id={titleId} className="text-lg font-bold text-stone-900">
          {title}
        </h2>
        {description ? <div className="mt-2 text-stone-700">{description}</div> : null}
        <ConfirmForm action={action} fields={fields} className="mt-6 flex justify-end gap-3">
          <DialogCancel dialog={dialogRef} />
          <button type="submit" className={buttonClasses.danger} onClick={() => dialogRef.current?.close()}>
            {confirmLabel}
          </button>
        </ConfirmForm>
      </dialog>
    </>
  );
}

/** The no-JavaScript confirmation step: shown in the page when the URL asks to confirm an action. */
export function ConfirmPanel({
  title,
  description,
  confirmLabel = "Delete",
  fields,
  cancelHref,
  action,
}: {
  title: string;
  description?: ReactNode;
  confirmLabel?: string;
  fields: Record<string, string>;
  cancelHref: string;
  action?: string;
}) {
  return (
    <section aria-labelledby="confirm-panel-title" className="mb-6 rounded-lg border-2 border-red-700 bg-red-50 p-4">
      <h2 id="confirm-panel-title" className="text-lg font-bold text-red-900">
        {title}
      </h2>
      {description ? <div className="mt-2 text-stone-800">{description}</div> : null}
      <ConfirmForm action={action} fields={fields} className="mt-4 flex gap-3">
        <button type="submit" className={buttonClasses.danger}>
          {confirmLabel}
        </button>
        <Link to={cancelHref} className={buttonClasses.secondary}>
          Cancel
        </Link>
      </ConfirmForm>
    </section>
  );
}
