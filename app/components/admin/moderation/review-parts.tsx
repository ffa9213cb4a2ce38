import type { NormalisedCountry } from "~/lib/countries";

/** The moderation screen's text inputs, selects and text areas. */
export const controlClass = "mt-1 block w-full rounded-md border border-stone-400 bg-white px-3 py-2 text-stone-900";

/**
 * What a typed country names (decision 058): the country the site stores it as, or a flag when it names none, so a
 * "España" does not become a country of its own beside "Spain".
 */
export function CountryCheck({ country }: { country: NormalisedCountry }) {
  if (!country.known) {
    return (
      <p className="mt-2 rounded border-l-4 border-amber-600 bg-amber-50 px-3 py-2 text-sm text-stone-900">
        Not a country the site knows: “{country.typed}” is shown as typed. Check it before accepting; the country lists
        and filters will show it as a country of its own.
      </p>
    );
  }
  return (
    <p className="mt-2 text-sm text-stone-700">
      {country.typed.trim() === country.name
        ? `Country: ${country.name} (${country.code}).`
        : `Normalised: “${country.typed}” is ${country.name} (${country.code}), as the site stores it.`}
    </p>
  );
}

/** A field's error message, which the field names in its aria-describedby; nothing while there is none. */
export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  if (!error) return null;
  return (
    <p id={id} className="mt-1 text-sm font-medium text-red-800">
      {error}
    </p>
  );
}

/** A tick of the review: take one proposed field into the entry, or archive it. */
export function UseFieldTick({
  id,
  name,
  checked,
  label,
}: {
  id: string;
  name: string;
  checked: boolean;
  label: string;
}) {
  return (
    <div className="mt-2 flex items-center gap-2">
      <input id={id} name={name} type="checkbox" defaultChecked={checked} className="h-5 w-5 accent-leaf-700" />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

/** The note staff may keep with an accepting decision. */
export function DecisionNote({ id }: { id: string }) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-stone-800">
        Note (kept with the decision)
      </label>
      <textarea id={id} name="note" rows={2} maxLength={2000} className={controlClass} />
    </div>
  );
}
