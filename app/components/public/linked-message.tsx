import { Trans } from "~/lib/i18n/react";
import type { MessageValues } from "~/lib/i18n/translate";
import { AppLink } from "../app-link";

/**
 * A message with one link to a page of the site in it: the words the message wraps in its `<anchor>` tag (or the
 * tag `tag` names) link to `to`.
 */
export function LinkedMessage({
  i18nKey,
  to,
  className,
  tag = "anchor",
  values,
}: {
  i18nKey: string;
  to: string;
  className: string;
  tag?: string;
  values?: MessageValues;
}) {
  return <Trans i18nKey={i18nKey} values={values} components={{ [tag]: <AppLink to={to} className={className} /> }} />;
}
