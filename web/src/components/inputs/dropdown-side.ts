import { type RefObject, useCallback, useState } from "react";

/** spec 9: "Dropdown opens upward if less than 240 px is free below." */
export const DROPDOWN_MIN_SPACE_BELOW = 240;

/** The list height of every dropdown: as much as fits in the space spec 9 asks for. */
export const DROPDOWN_MAX_HEIGHT = DROPDOWN_MIN_SPACE_BELOW;

/** spec 9: the default empty text of a dropdown list. */
export const NO_RECORD_AVAILABLE = "No Record Available";

export type DropdownSide = "top" | "bottom";

/** Which way a dropdown under an input with this bottom edge opens in a viewport this high. */
export function dropdownSideFor(inputBottom: number, viewportHeight: number): DropdownSide {
  return viewportHeight - inputBottom < DROPDOWN_MIN_SPACE_BELOW ? "top" : "bottom";
}

/**
 * Decides the side when the dropdown opens, from where the input is at that moment. Mantine's
 * flip middleware would flip only when the list itself does not fit, so a short list near the
 * bottom would still open downwards; spec 9 fixes the threshold, so flip is off and the side is
 * chosen here.
 */
export function useDropdownSide(target: RefObject<HTMLElement | null>) {
  const [side, setSide] = useState<DropdownSide>("bottom");
  const measure = useCallback(() => {
    const element = target.current;
    if (!element) return;
    setSide(dropdownSideFor(element.getBoundingClientRect().bottom, window.innerHeight));
  }, [target]);
  return {
    side,
    measure,
    comboboxProps: {
      position: side === "top" ? ("top-start" as const) : ("bottom-start" as const),
      middlewares: { flip: false, shift: true, inline: false },
    },
  };
}
