import { useEffect } from "react";

/** The browser tab's title: the page's own, then the product name. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} - Bahi` : "Bahi";
  }, [title]);
}
