import { useEffect, useRef, useState } from "react";
import { TextField } from "~/components/forms/form-field";
import { useTranslation } from "~/lib/i18n/react";
import { LocationPicker, type PickerFlight } from "../map/location-picker";

/** What a form's action answered to "Find" without JavaScript: the town found (and filled in), or not. */
export type TownAnswer =
  | { found: { lat: number; lng: number; label: string } }
  | { notFound: string }
  | { empty: true };

/** The submit button's intent that looks a town up instead of sending the form (forms that work without JavaScript). */
export const FIND_TOWN_INTENT = "find-town";
export const TOWN_QUERY_FIELD = "townQuery";

const round = (v: number) => Math.round(v * 100_000) / 100_000;

/** The coordinate fields: their names, labels and bounds. */
const AXES = [
  { name: "latitude", label: "formCommon.field.latitude", limit: 90 },
  { name: "longitude", label: "formCommon.field.longitude", limit: 180 },
] as const;

/**
 * The position a form's fields show, starting from `latitude` and `longitude` (the form's values), as the props
 * `latitude`, `longitude` and `onChange` of PlacePositionFields.
 */
export function usePlacePosition(latitude: string, longitude: string) {
  const [position, setPosition] = useState({ latitude, longitude });
  return { ...position, onChange: (lat: string, lng: string) => setPosition({ latitude: lat, longitude: lng }) };
}

/**
 * Where a place is (decision 058): a town search over the built-in towns list (the same look-up as the map's "town or
 * place"), the map picker, and the latitude and longitude fields, which stay the way to type a position. With
 * JavaScript, "Find" asks /api/map/nearest and fills the fields in at once; without, it submits the form with
 * `intent=find-town` (when `submits`), and the action answers with the fields filled in (`answer`).
 */
export function PlacePositionFields({
  latitude,
  longitude,
  onChange,
  errors = {},
  hints,
  labels,
  townQuery = "",
  answer,
  submits,
  styleUrl,
}: {
  latitude: string;
  longitude: string;
  onChange: (lat: string, lng: string) => void;
  errors?: { latitude?: string; longitude?: string };
  hints?: { latitude?: string; longitude?: string };
  /** The coordinate fields' labels, when not the page language's own (staff's English screens). */
  labels?: { latitude: string; longitude: string };
  townQuery?: string;
  answer?: TownAnswer | null;
  /** Whether "Find" may submit the form without JavaScript (its action handles the intent). */
  submits: boolean;
  styleUrl?: string;
}) {
  const { t, lang } = useTranslation();
  const [flight, setFlight] = useState<PickerFlight | null>(null);
  const [said, setSaid] = useState(() => townMessage(answer));
  const [busy, setBusy] = useState(false);
  const query = useRef<HTMLInputElement>(null);
  const seq = useRef(0);

  function townMessage(a: TownAnswer | null | undefined): string {
    if (!a) return "";
    if ("found" in a) return t("formCommon.town.found", { place: a.found.label });
    if ("notFound" in a) return t("formCommon.town.notFound", { town: a.notFound });
    return t("formCommon.town.empty");
  }

  const show = (lat: number, lng: number) => {
    onChange(String(round(lat)), String(round(lng)));
    seq.current += 1;
    setFlight({ lat, lng, seq: seq.current });
  };

  // An answer of the form's action (a "Find" sent without being caught here) fills the fields and moves the map.
  useEffect(() => {
    setSaid(townMessage(answer));
    if (answer && "found" in answer) show(answer.found.lat, answer.found.lng);
  }, [answer]);

  async function find() {
    const typed = query.current?.value.trim() ?? "";
    if (!typed) {
      setSaid(t("formCommon.town.empty"));
      return;
    }
    setBusy(true);
    try {
      const res = await fetch(`/api/map/nearest?near=${encodeURIComponent(typed)}&lang=${lang}`);
      if (res.status === 404) setSaid(t("formCommon.town.notFound", { town: typed }));
      else if (!res.ok) throw new Error(String(res.status));
      else {
        const { origin } = (await res.json()) as { origin: { lat: number; lng: number; label: string } };
        show(origin.lat, origin.lng);
        setSaid(t("formCommon.town.found", { place: origin.label }));
      }
    } catch {
      setSaid(t("formCommon.town.failed"));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="space-y-4">
      <div>
        <label htmlFor="field-townQuery" className="block text-sm font-semibold text-stone-800">
          {t("formCommon.town.label")}
        </label>
        <div className="mt-1 flex flex-wrap gap-2">
          <input
            ref={query}
            id="field-townQuery"
            name={TOWN_QUERY_FIELD}
            type="search"
            defaultValue={townQuery}
            autoComplete="address-level2"
            aria-describedby="field-townQuery-hint"
            className="block min-w-0 flex-1 rounded-md border border-stone-400 bg-white px-3 py-2 text-stone-900 shadow-sm"
            onKeyDown={(e) => {
              // Enter here looks the town up; it does not send the whole form.
              if (e.key === "Enter") {
                e.preventDefault();
                void find();
              }
            }}
          />
          <button
            type={submits ? "submit" : "button"}
            name={submits ? "intent" : undefined}
            value={submits ? FIND_TOWN_INTENT : undefined}
            formNoValidate={submits || undefined}
            disabled={busy}
            onClick={(e) => {
              e.preventDefault();
              void find();
            }}
            className="rounded-md border border-leaf-700 px-4 py-2 font-semibold text-leaf-800 hover:bg-leaf-50 disabled:opacity-60"
          >
            {t("formCommon.town.find")}
          </button>
        </div>
        <p id="field-townQuery-hint" className="mt-1 text-sm text-stone-600">
          {t("formCommon.town.hint")}
        </p>
        <p aria-live="polite" className="mt-1 text-sm font-medium text-stone-800" data-testid="town-answer">
          {said}
        </p>
      </div>
      <LocationPicker
        latitude={latitude}
        longitude={longitude}
        onPick={(lat, lng) => onChange(String(lat), String(lng))}
        flight={flight}
        styleUrl={styleUrl}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        {AXES.map(({ name, label, limit }) => (
          <TextField
            key={name}
            name={name}
            label={labels?.[name] ?? t(label)}
            type="number"
            step="any"
            min={String(-limit)}
            max={String(limit)}
            inputMode="decimal"
            value={name === "latitude" ? latitude : longitude}
            onChange={(v) => (name === "latitude" ? onChange(v, longitude) : onChange(latitude, v))}
            error={errors[name]}
            hint={hints?.[name]}
          />
        ))}
      </div>
    </div>
  );
}

/**
 * A form's Enter key sends the form by its own send button (`data-send`), not by the first submit button in it,
 * which is "Find" of the town search. Without JavaScript the browser's rule stands, and the action treats a "Find"
 * with no town typed as sending.
 */
export function enterSendsForm(event: React.KeyboardEvent<HTMLFormElement>) {
  const target = event.target as HTMLElement;
  if (event.key !== "Enter" || target.tagName !== "INPUT") return;
  const input = target as HTMLInputElement;
  if (input.name === TOWN_QUERY_FIELD || ["checkbox", "radio", "submit", "button"].includes(input.type)) return;
  const send = event.currentTarget.querySelector<HTMLButtonElement>("button[data-send]");
  if (!send) return;
  event.preventDefault();
  event.currentTarget.requestSubmit(send);
}
