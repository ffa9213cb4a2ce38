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
