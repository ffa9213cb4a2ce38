import type { Locator } from "@playwright/test";

/**
 * The fields too narrow for what they show: for each input the locator finds, whether `text` (its placeholder when
 * none is given) plus `extraEm` (a picker button, in ems of its font) fits between its paddings, measured in its own
 * font. Returns one line per field that is too narrow ("name: "text" needs N px, has M"); none when all fit.
 */
export function fieldsTooNarrow(fields: Locator, { text, extraEm = 0 }: { text?: string; extraEm?: number } = {}) {
  return fields.evaluateAll(
    (inputs, { text, extraEm }) =>
      (inputs as HTMLInputElement[])
        .map((input) => {
          const style = getComputedStyle(input);
          const context = document.createElement("canvas").getContext("2d");
          if (!context) return "no canvas";
          context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
          const shown = text ?? input.placeholder;
          const needed = context.measureText(shown).width + extraEm * Number.parseFloat(style.fontSize);
          const room = input.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
          return needed > room ? `${input.name}: "${shown}" needs ${needed.toFixed(0)} px, has ${room.toFixed(0)}` : "";
        })
        .filter(Boolean),
    { text: text ?? null, extraEm },
  );
}
