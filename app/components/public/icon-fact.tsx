import type { ReactNode } from "react";
import type { Icon } from "../icons";

/** A short fact on one line after its icon (a country, a duration, a course's languages); the icon only decorates. */
export function IconFact({
  icon: FactIcon,
  as: Tag = "p",
  className,
  iconClassName = "h-4 w-4 text-leaf-700",
  children,
}: {
  icon: Icon;
  as?: "p" | "span";
  className: string;
  iconClassName?: string;
  children: ReactNode;
}) {
  return (
    <Tag className={className}>
      <FactIcon aria-hidden="true" className={iconClassName} />
      {children}
    </Tag>
  );
}
