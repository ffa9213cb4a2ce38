import { useEffect, useId, useRef, useState } from "react";
import { MAX_QUERY_LENGTH } from "~/lib/constants";
import { localizeHref } from "~/lib/i18n/languages";
import { useTranslation } from "~/lib/i18n/react";
import { SEARCH_KIND_LABELS, type SearchKindName } from "~/lib/search-links";
import { parseSearch } from "~/lib/search-query";

type Suggestion = { kind: SearchKindName; name: string; href: string };

/** Wait after the last key before asking for suggestions. */
const DEBOUNCE_MS = 150;

/**
 * A search box that offers matching names as the visitor types (the ARIA combobox pattern: the list is announced,
 * Up and Down move through it, Enter opens the chosen entry or, with none chosen, searches; Escape closes the list,
 * then clears the box). It is the plain `q` field of its GET form, so without JavaScript it simply searches.
 * Requests wait for a pause in typing, and a newer one cancels the one before.
 */
export function SearchCombobox({
  defaultValue,
  label,
  placeholder,
  className,
  autoFocus,
}: {
  defaultValue: string;
  label: string;
  placeholder?: string;
  className?: string;
  autoFocus?: boolean;
}) {
  const id = useId();
  const { t, lang } = useTranslation();
  const listId = `${id}-list`;
  const [value, setValue] = useState(defaultValue);
  const [suggestions, setSuggestions] = useState<Suggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [announcement, setAnnouncement] = useState("");
  const controller = useRef<AbortController | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      controller.current?.abort();
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  function request(text: string) {
    if (timer.current) clearTimeout(timer.current);
    controller.current?.abort();
    if (!parseSearch(text).ok) {
      setSuggestions([]);
      setOpen(false);
      setActive(-1);
      return;
    }
    timer.current = setTimeout(() => {
      const ac = new AbortController();
      controller.current = ac;
      fetch(`/api/search/suggest?q=${encodeURIComponent(text)}&lang=${lang}`, { signal: ac.signal })
        .then((res) => (res.ok ? (res.json() as Promise<{ suggestions: Suggestion[] }>) : { suggestions: [] }))
        .then((data) => {
          if (ac.signal.aborted) return;
          setSuggestions(data.suggestions);
          setActive(-1);
          setOpen(data.suggestions.length > 0);
          setAnnouncement(
            data.suggestions.length === 0
              ? t("search.noSuggestions")
              : t("search.suggestionCount", { count: data.suggestions.length }),
          );
        })
        .catch(() => {
          // Cancelled by a newer request, or offline: the form still searches.
        });
    }, DEBOUNCE_MS);
  }

  function onKeyDown(e: React.KeyboardEvent<HTMLInputElement>) {
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      if (suggestions.length === 0) return;
      e.preventDefault();
      setOpen(true);
      const step = e.key === "ArrowDown" ? 1 : -1;
      const n = suggestions.length;
      // -1 is the box itself: moving past either end returns to it.
      setActive((i) => (step > 0 ? (i >= n - 1 ? -1 : i + 1) : i <= -1 ? n - 1 : i - 1));
    } else if (e.key === "Enter" && open && active >= 0) {
      const chosen = suggestions[active];
      if (chosen) {
        e.preventDefault();
        window.location.assign(localizeHref(chosen.href, lang));
      }
    } else if (e.key === "Escape") {
      if (open) {
        e.preventDefault();
        setOpen(false);
        setActive(-1);
      } else if (value !== "") {
        e.preventDefault();
        setValue("");
        setSuggestions([]);
      }
    }
  }

  const activeId = open && active >= 0 ? `${id}-opt-${active}` : undefined;
  return (
    <div className="relative min-w-0 flex-1">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        id={id}
        // A text input: HTML does not allow the combobox role (nor aria-expanded) on type="search".
        type="text"
        enterKeyHint="search"
        name="q"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={activeId}
        autoComplete="off"
        // biome-ignore lint/a11y/noAutofocus: a search page is opened to search; the box is its one control
        autoFocus={autoFocus}
        value={value}
        maxLength={MAX_QUERY_LENGTH}
        placeholder={placeholder}
        className={className}
        onChange={(e) => {
          setValue(e.target.value);
          request(e.target.value);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onFocus={() => {
          if (suggestions.length > 0) setOpen(true);
        }}
      />
      <div
        id={listId}
        role="listbox"
        aria-label={t("search.suggestions")}
        hidden={!open}
        className="absolute inset-x-0 top-full z-30 mt-1 max-h-80 overflow-y-auto rounded-lg border border-stone-300 bg-white py-1 shadow-lg"
      >
        {suggestions.map((s, i) => (
          <div
            key={`${s.kind}:${s.href}`}
            tabIndex={-1}
            id={`${id}-opt-${i}`}
            role="option"
            aria-selected={i === active}
            className="cursor-pointer px-3 py-2 text-stone-900 aria-selected:bg-leaf-100"
            onMouseDown={(e) => {
              // Keep focus in the box; the choice navigates.
              e.preventDefault();
              window.location.assign(localizeHref(s.href, lang));
            }}
            onMouseEnter={() => setActive(i)}
          >
            <span className="block font-medium break-words">{s.name}</span>
            <span className="block text-sm text-stone-700">{t(SEARCH_KIND_LABELS[s.kind].one)}</span>
          </div>
        ))}
      </div>
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
    </div>
  );
}
