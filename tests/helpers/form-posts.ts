import { issueFormToken } from "~/services/contributions/form-timing.server";
import { deriveSecret } from "~server/config";

/** A form's fields as a browser sends them: a list value as the same name repeated. */
export function formBody(fields: Record<string, string | string[]>): URLSearchParams {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) for (const one of [v].flat()) body.append(k, one);
  return body;
}

/** A public form's timing token, as its page would have issued it five seconds ago on a server with `authSecret`. */
export function formToken(authSecret: string, form: string): string {
  return issueFormToken(deriveSecret(authSecret, "form-and-visitor-hash"), form, Date.now() - 5_000);
}
