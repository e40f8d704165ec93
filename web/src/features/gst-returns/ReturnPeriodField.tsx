import type { CivilDate, GstReturnKind } from "@bahi/domain";
import { TextInput } from "@mantine/core";
import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { readLastReturnPeriod, saveLastReturnPeriod } from "./last-return-period.ts";
import {
  defaultPeriodText,
  type PeriodTextResult,
  readReturnPeriodText,
} from "./return-period-text.ts";
import type { ReturnPeriodQuery } from "./returns.api.ts";

/** The period of a return screen: as the address has it, as typed, and as a query. */
export interface ReturnPeriod {
  /** The period text in the address (?period=), else this year's default. */
  text: string;
  period: PeriodTextResult;
  /** The organisation, year and the period's dates; null while the period text is wrong. */
  query: ReturnPeriodQuery | null;
  typed: string;
  setTyped: (text: string) => void;
  /** What is wrong with the text typed, else with the address's period, else null. */
  error: string | null;
  /** Reads the text typed: a period the screen accepts goes to onApply, else its message shows. */
  apply: () => void;
}

/**
 * The period of the return screens (GSTR-1, IFF, GSTR-3B, GSTR-2, e-invoice, e-way bill): a month
 * or a quarter inside the open financial year, kept in the address as ?period=. onApply gets the
 * trimmed text of an accepted period and decides what else of the address to keep.
 */
export function useReturnPeriod(input: {
  organisationId: string;
  year: string;
  today: CivilDate;
  kind?: GstReturnKind;
  onApply: (periodText: string) => void;
}): ReturnPeriod {
  const { organisationId, year, today, kind = "gstr1", onApply } = input;
  const [params] = useSearchParams();
  const text = params.get("period") ?? openingPeriodText(organisationId, year, today, kind);
  const [typed, setTyped] = useState(text);
  const [typedError, setTypedError] = useState<string | null>(null);
  const period = readReturnPeriodText(text, kind, year, today);
  useEffect(() => {
    if (period.ok) saveLastReturnPeriod(organisationId, year, text.trim());
  }, [period.ok, organisationId, year, text]);
  const query: ReturnPeriodQuery | null = period.ok
    ? { organisationId, year, startDate: period.startDate, endDate: period.endDate }
    : null;
  const apply = () => {
    const read = readReturnPeriodText(typed, kind, year, today);
    if (!read.ok) {
      setTypedError(read.message);
      return;
    }
    setTypedError(null);
    onApply(typed.trim());
  };
  return {
    text,
    period,
    query,
    typed,
    setTyped,
    error: typedError ?? (period.ok ? null : period.message),
    apply,
  };
}

/** The period last used in this organisation and year if this return takes it, else last month. */
function openingPeriodText(
  organisationId: string,
  year: string,
  today: CivilDate,
  kind: GstReturnKind,
): string {
  const last = readLastReturnPeriod(organisationId, year);
  if (last && readReturnPeriodText(last, kind, year, today).ok) return last;
  return defaultPeriodText(year, today);
}

/** The Period box of a return screen: applied on Enter and when it loses focus. */
export function ReturnPeriodField({
  period,
  description,
}: {
  period: ReturnPeriod;
  description: string;
}) {
  return (
    <TextInput
      label="Period"
      description={description}
      value={period.typed}
      onChange={(event) => period.setTyped(event.currentTarget.value)}
      onKeyDown={(event) => {
        if (event.key === "Enter") period.apply();
      }}
      onBlur={period.apply}
      error={period.error}
      w={360}
    />
  );
}
