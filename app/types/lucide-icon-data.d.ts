// Type of the `lucide-react/icons/*` modules as app/components/icons.tsx uses them (tsconfig "paths" points here).
// Each module also exports its shape data, which the package's published typings leave out.
import type { ForwardRefExoticComponent, RefAttributes, SVGProps } from "react";

export declare const __iconData: {
  name: string;
  node: [tag: string, attrs: Record<string, string>][];
};
declare const icon: ForwardRefExoticComponent<SVGProps<SVGSVGElement> & RefAttributes<SVGSVGElement>>;
export default icon;
