import type { ReactNode } from "react";
import { useLocation } from "react-router";
import { ConfirmDialog, ConfirmPanel } from "../confirm-dialog";

// How an admin list deletes a row: a confirmation dialog with JavaScript, a `?delete=<id>` confirmation step without.

/** The list URL without the no-JavaScript `?delete=` confirmation step, and a builder for that step's URL. */
export function deleteLinks(listPath: string, search: string) {
  const params = new URLSearchParams(search);
  params.delete("delete");
  const here = `${listPath}${params.toString() ? `?${params}` : ""}`;
  const confirmHref = (id: string) => {
    const p = new URLSearchParams(params);
    p.set("delete", id);
    return `${listPath}?${p}`;
  };
  return { here, params, confirmHref };
}

export type DeleteLinks = ReturnType<typeof deleteLinks>;

/** deleteLinks for the address being shown. */
export function useDeleteLinks(listPath: string): DeleteLinks {
  return deleteLinks(listPath, useLocation().search);
}

type DeleteProps = {
  id: string;
  /** How labels name the item: "Delete {name}", and the question "Delete {name}?" unless `title` is given. */
  name: string;
  title?: string;
  description: ReactNode;
  links: DeleteLinks;
  verb?: "Delete" | "Remove";
};

/** A row's delete control: a confirmation dialog with JavaScript, a link to the list's `?delete=` step without. */
export function DeleteButton({ id, name, title, description, links, verb = "Delete" }: DeleteProps) {
  return (
    <ConfirmDialog
      triggerLabel={verb}
      triggerAccessibleLabel={`${verb} ${name}`}
      title={title ?? `${verb} ${name}?`}
      description={description}
      confirmLabel={verb}
      fields={{ intent: "delete", id }}
      fallbackHref={links.confirmHref(id)}
      action={links.here}
    />
  );
}

/** The `?delete=` step itself: the confirmation shown above the list when JavaScript did not open the dialog. */
export function DeletePanel({ id, name, title, description, links, verb = "Delete" }: DeleteProps) {
  return (
    <ConfirmPanel
      title={title ?? `${verb} ${name}?`}
      description={description}
      confirmLabel={verb}
      fields={{ intent: "delete", id }}
      cancelHref={links.here}
      action={links.here}
    />
  );
}
