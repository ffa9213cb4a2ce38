/**
 * The site's icons: Lucide's shapes (lucide-react's icon data, ISC licence) drawn by one plain component.
 *
 * lucide-react's own components go through forwardRef, class merging and an element built per shape on every
 * render, which was the largest app-level cost of hydrating a public page (about 50 ms at Lighthouse's 4× CPU
 * slowdown on /programs). An icon here is an `<svg>` whose inner markup is a constant string made once per icon:
 * React neither builds nor hydrates its shapes. The markup comes only from the package's data, never from input.
 */

import { __iconData as appWindow } from "lucide-react/icons/app-window";
import { __iconData as arrowRight } from "lucide-react/icons/arrow-right";
import { __iconData as bookOpen } from "lucide-react/icons/book-open";
import { __iconData as calendarDays } from "lucide-react/icons/calendar-days";
import { __iconData as chevronDown } from "lucide-react/icons/chevron-down";
import { __iconData as circleCheck } from "lucide-react/icons/circle-check";
import { __iconData as clipboardPen } from "lucide-react/icons/clipboard-pen";
import { __iconData as clock } from "lucide-react/icons/clock";
import { __iconData as externalLink } from "lucide-react/icons/external-link";
import { __iconData as fileText } from "lucide-react/icons/file-text";
import { __iconData as globe } from "lucide-react/icons/globe";
import { __iconData as graduationCap } from "lucide-react/icons/graduation-cap";
import { __iconData as leaf } from "lucide-react/icons/leaf";
import { __iconData as loaderCircle } from "lucide-react/icons/loader-circle";
import { __iconData as locateFixed } from "lucide-react/icons/locate-fixed";
import { __iconData as logOut } from "lucide-react/icons/log-out";
import { __iconData as mail } from "lucide-react/icons/mail";
import { __iconData as map } from "lucide-react/icons/map";
import { __iconData as mapPin } from "lucide-react/icons/map-pin";
import { __iconData as menu } from "lucide-react/icons/menu";
import { __iconData as mic } from "lucide-react/icons/mic";
import { __iconData as minus } from "lucide-react/icons/minus";
import { __iconData as moveDown } from "lucide-react/icons/move-down";
import { __iconData as moveLeft } from "lucide-react/icons/move-left";
import { __iconData as moveRight } from "lucide-react/icons/move-right";
import { __iconData as moveUp } from "lucide-react/icons/move-up";
import { __iconData as phone } from "lucide-react/icons/phone";
import { __iconData as plus } from "lucide-react/icons/plus";
import { __iconData as rss } from "lucide-react/icons/rss";
import { __iconData as search } from "lucide-react/icons/search";
import { __iconData as shieldCheck } from "lucide-react/icons/shield-check";
import { __iconData as shieldExclamation } from "lucide-react/icons/shield-exclamation-point";
import { __iconData as sprout } from "lucide-react/icons/sprout";
import { __iconData as ticket } from "lucide-react/icons/ticket";
import { __iconData as tvMinimalPlay } from "lucide-react/icons/tv-minimal-play";
import { __iconData as users } from "lucide-react/icons/users";
import { __iconData as x } from "lucide-react/icons/x";
import type { SVGProps } from "react";

type IconData = typeof mapPin;
type IconNode = IconData["node"];

export type IconProps = Omit<SVGProps<SVGSVGElement>, "children" | "dangerouslySetInnerHTML" | "ref">;
export type Icon = (props: IconProps) => React.JSX.Element;

const escapeAttr = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

/** The inner SVG markup of one icon; exported for its test. */
export function iconMarkup(node: IconNode): string {
  return node
    .map(([tag, attrs]) => {
      const attributes = Object.entries(attrs)
        .filter(([name]) => name !== "key")
        .map(([name, value]) => ` ${name}="${escapeAttr(String(value))}"`)
        .join("");
      return `<${tag}${attributes}></${tag}>`;
    })
    .join("");
}

function icon({ name, node }: IconData): Icon {
  // Built at the icon's first render, not when the module loads: most pages draw a few of these icons.
  let inner: { __html: string } | undefined;
  const base = `lucide lucide-${name}`;
  function StaticIcon({ className, ...props }: IconProps) {
    if (!inner) inner = { __html: iconMarkup(node) };
    return (
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
        // Constant markup built once from the icon package's data (see above), never from input.
        dangerouslySetInnerHTML={inner}
      />
    );
  }
  StaticIcon.displayName = name;
  return StaticIcon;
}

export const AppWindow = /* @__PURE__ */ icon(appWindow);
export const ArrowRight = /* @__PURE__ */ icon(arrowRight);
export const BookOpen = /* @__PURE__ */ icon(bookOpen);
export const CalendarDays = /* @__PURE__ */ icon(calendarDays);
export const ChevronDown = /* @__PURE__ */ icon(chevronDown);
export const CircleCheck = /* @__PURE__ */ icon(circleCheck);
export const ClipboardPen = /* @__PURE__ */ icon(clipboardPen);
export const Clock = /* @__PURE__ */ icon(clock);
export const ExternalLink = /* @__PURE__ */ icon(externalLink);
export const FileText = /* @__PURE__ */ icon(fileText);
export const Globe = /* @__PURE__ */ icon(globe);
export const GraduationCap = /* @__PURE__ */ icon(graduationCap);
export const Leaf = /* @__PURE__ */ icon(leaf);
export const LoaderCircle = /* @__PURE__ */ icon(loaderCircle);
export const LocateFixed = /* @__PURE__ */ icon(locateFixed);
export const LogOut = /* @__PURE__ */ icon(logOut);
export const Mail = /* @__PURE__ */ icon(mail);
export const MapIcon = /* @__PURE__ */ icon(map);
export const MapPin = /* @__PURE__ */ icon(mapPin);
export const Menu = /* @__PURE__ */ icon(menu);
export const Mic = /* @__PURE__ */ icon(mic);
export const Minus = /* @__PURE__ */ icon(minus);
export const MoveDown = /* @__PURE__ */ icon(moveDown);
export const MoveLeft = /* @__PURE__ */ icon(moveLeft);
export const MoveRight = /* @__PURE__ */ icon(moveRight);
export const MoveUp = /* @__PURE__ */ icon(moveUp);
export const Phone = /* @__PURE__ */ icon(phone);
export const Plus = /* @__PURE__ */ icon(plus);
export const Rss = /* @__PURE__ */ icon(rss);
export const Search = /* @__PURE__ */ icon(search);
export const ShieldAlert = /* @__PURE__ */ icon(shieldExclamation);
export const ShieldCheck = /* @__PURE__ */ icon(shieldCheck);
export const Sprout = /* @__PURE__ */ icon(sprout);
export const Ticket = /* @__PURE__ */ icon(ticket);
export const TvMinimalPlay = /* @__PURE__ */ icon(tvMinimalPlay);
export const Users = /* @__PURE__ */ icon(users);
export const X = /* @__PURE__ */ icon(x);
