import { useEffect, useRef } from "react";
import { useLocation, useNavigate } from "react-router";
import { YEAR_CHANGE_DELAY_MS, yearChangePath } from "./year-change.ts";

/** spec 2.3: after a year change, the page (or its list) under the new year, 100 ms later. */
export function useYearChange(): (year: string) => void {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return (year) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      void navigate(yearChangePath(pathname, year));
    }, YEAR_CHANGE_DELAY_MS);
  };
}
