/** The colours a state can be shown in: waiting (amber), in progress (sky), done (leaf), failed or refused (red). */
const TONES = {
  amber: "bg-amber-100 text-amber-900",
  sky: "bg-sky-100 text-sky-900",
  leaf: "bg-leaf-100 text-leaf-900",
  red: "bg-red-100 text-red-900",
} as const;
export type BadgeTone = keyof typeof TONES;

/** A row's state as a small coloured label (an application's review status, a message's delivery status). */
export function StatusBadge({ tone, label }: { tone: BadgeTone; label: string }) {
  return <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${TONES[tone]}`}>{label}</span>;
}
