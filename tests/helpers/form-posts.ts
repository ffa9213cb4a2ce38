import { listFocusAreas } from "~/queries/reference.server";
import { issueFormToken } from "~/services/contributions/form-timing.server";
import type { Executor } from "~db/client";
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

/**
 * The application form as a learner fills it in (the first focus area of `db`, a timing token issued ten seconds ago
 * with the tests' secret, the honeypot left empty), then `fields` over it.
 */
export async function applicationFields(db: Executor, fields: Record<string, string> = {}) {
  return {
    fullName: "Rosa Diaz",
    applicantType: "learner",
    organization: "",
    country: "Chile",
    region: "Europe",
    focusAreas: (await listFocusAreas(db))[0]?.id ?? "",
    experience: "Two seasons in a market garden.",
    seeking: "A design course in the spring.",
    website: "",
    consent: "on",
    form_token: issueFormToken("test", "application", Date.now() - 10_000),
    fax_number: "",
    ...fields,
  };
}
