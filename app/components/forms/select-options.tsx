/** A choice of a select: what it sends and what it shows. */
export type SelectOption = { value: string; label: string };

/**
 * A select's options, each its value and label. A module of its own, without messages, so a page's filter form can
 * use it without the form kit's messages.
 */
export function SelectOptions({ options }: { options: readonly SelectOption[] }) {
  return options.map((o) => (
    <option key={o.value} value={o.value}>
      {o.label}
    </option>
  ));
}
