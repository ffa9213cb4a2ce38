/**
 * The site's icons: Lucide's shapes (lucide-react's data, ISC licence) drawn from one cached sprite file.
 *
 * An icon is an `<svg>` holding one `<use>` of its symbol in the sprite (app/components/icons.svg, made by
 * `scripts/icon-sprite.ts`; see icon-sprite.ts). Its shapes travel neither in the page's JavaScript nor in its
 * HTML, and React builds and hydrates one element per icon. lucide-react's own components went through forwardRef,
 * class merging and an element per shape on every render, the largest app-level cost of hydrating a public page.
 * The stroke settings on the outer `<svg>` are inherited by the symbol's shapes, so icons keep `currentColor`.
 */

import type { SVGProps } from "react";
import type { IconName } from "./icon-sprite";
// `no-inline`: the sprite stays a file of its own, fetched once and cached by its hashed name.
import spriteUrl from "./icons.svg?url&no-inline";

export type IconProps = Omit<SVGProps<SVGSVGElement>, "children" | "dangerouslySetInnerHTML" | "ref">;
export type Icon = (props: IconProps) => React.JSX.Element;

function icon(name: IconName): Icon {
  const base = `lucide lucide-${name}`;
  const href = `${spriteUrl}#${name}`;
  function SpriteIcon({ className, ...props }: IconProps) {
    return (
      // biome-ignore lint/a11y/noSvgWithoutTitle: decorative (aria-hidden) unless the caller names it with aria-label
      <svg
        xmlns="http://www.w3.org/2000/svg"
        width={24}
        height={24}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        // Decorative unless the caller names it.
        aria-hidden={props["aria-label"] || props["aria-labelledby"] ? undefined : "true"}
        {...props}
        className={className ? `${base} ${className}` : base}
      >
        <use href={href} />
      </svg>
    );
  }
  SpriteIcon.displayName = name;
  return SpriteIcon;
}

export const AppWindow = /* @__PURE__ */ icon("app-window");
export const ArrowRight = /* @__PURE__ */ icon("arrow-right");
export const BookOpen = /* @__PURE__ */ icon("book-open");
export const CalendarDays = /* @__PURE__ */ icon("calendar-days");
export const ChevronDown = /* @__PURE__ */ icon("chevron-down");
export const CircleCheck = /* @__PURE__ */ icon("circle-check");
export const ClipboardPen = /* @__PURE__ */ icon("clipboard-pen");
export const Clock = /* @__PURE__ */ icon("clock");
export const ExternalLink = /* @__PURE__ */ icon("external-link");
export const FileText = /* @__PURE__ */ icon("file-text");
export const Globe = /* @__PURE__ */ icon("globe");
export const GraduationCap = /* @__PURE__ */ icon("graduation-cap");
export const Leaf = /* @__PURE__ */ icon("leaf");
export const LoaderCircle = /* @__PURE__ */ icon("loader-circle");
export const LocateFixed = /* @__PURE__ */ icon("locate-fixed");
export const LogOut = /* @__PURE__ */ icon("log-out");
export const Mail = /* @__PURE__ */ icon("mail");
export const MapIcon = /* @__PURE__ */ icon("map");
export const MapPin = /* @__PURE__ */ icon("map-pin");
export const Menu = /* @__PURE__ */ icon("menu");
export const Mic = /* @__PURE__ */ icon("mic");
export const Minus = /* @__PURE__ */ icon("minus");
export const MoveDown = /* @__PURE__ */ icon("move-down");
export const MoveLeft = /* @__PURE__ */ icon("move-left");
export const MoveRight = /* @__PURE__ */ icon("move-right");
export const MoveUp = /* @__PURE__ */ icon("move-up");
export const Navigation = /* @__PURE__ */ icon("navigation");
export const Phone = /* @__PURE__ */ icon("phone");
export const Plus = /* @__PURE__ */ icon("plus");
export const Rss = /* @__PURE__ */ icon("rss");
export const Search = /* @__PURE__ */ icon("search");
export const Share2 = /* @__PURE__ */ icon("share-2");
export const ShieldAlert = /* @__PURE__ */ icon("shield-exclamation-point");
export const ShieldCheck = /* @__PURE__ */ icon("shield-check");
export const SlidersHorizontal = /* @__PURE__ */ icon("sliders-horizontal");
export const Sprout = /* @__PURE__ */ icon("sprout");
export const Ticket = /* @__PURE__ */ icon("ticket");
export const TvMinimalPlay = /* @__PURE__ */ icon("tv-minimal-play");
export const Users = /* @__PURE__ */ icon("users");
export const X = /* @__PURE__ */ icon("x");
