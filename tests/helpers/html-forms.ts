import { decodeEntities } from "./page-text";

/** A form field as a browser sends it: [name, value]. */
export type Field = [string, string];
export type ScrapedForm = { action: string | undefined; fields: Field[] };

/** An attribute's value in an element's opening tag, read back, if the tag has it. */
export function attributeOf(tag: string, name: string): string | undefined {
  const m = tag.match(new RegExp(`\\s${name}="([^"]*)"`));
  return m ? decodeEntities(m[1] as string) : undefined;
}

/**
 * The fields a browser would send from the page's post form that contains a control named `marker`: inputs (ticked
 * checkboxes and radios only), text areas and selects (the selected option, else the first). No submit button.
 */
export function scrapeForm(html: string, marker: string): ScrapedForm {
  const forms = [...html.matchAll(/<form\b[^>]*>[\s\S]*?<\/form>/g)].map((m) => m[0]);
  const form = forms.find((f) => f.includes(`name="${marker}"`));
  if (!form) throw new Error(`no form with a field named ${marker}`);
  const fields: Field[] = [];
  const controls = /<(input|textarea|select)\b[^>]*>(?:([\s\S]*?)<\/\1>)?/g;
  for (const m of form.matchAll(controls)) {
    const [tag, kind, inner = ""] = m as unknown as [string, string, string | undefined];
    const open = tag.slice(0, tag.indexOf(">") + 1);
    const name = attributeOf(open, "name");
    if (!name || /\sdisabled=""/.test(open)) continue;
    if (kind === "input") {
      const type = attributeOf(open, "type") ?? "text";
      if (["submit", "button", "reset", "file", "image"].includes(type)) continue;
      if ((type === "checkbox" || type === "radio") && !/\schecked=""/.test(open)) continue;
      fields.push([name, attributeOf(open, "value") ?? (type === "checkbox" || type === "radio" ? "on" : "")]);
    } else if (kind === "textarea") {
      fields.push([name, decodeEntities(inner).replace(/^\n/, "")]);
    } else {
      const options = [...inner.matchAll(/<option\b[^>]*>/g)].map((o) => o[0]);
      const chosen = options.find((o) => /\sselected=""/.test(o)) ?? options[0];
      if (chosen) fields.push([name, attributeOf(chosen, "value") ?? ""]);
    }
  }
  return { action: attributeOf(form.slice(0, form.indexOf(">") + 1), "action"), fields };
}
