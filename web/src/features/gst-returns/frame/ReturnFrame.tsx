import { Group, Pagination } from "@mantine/core";
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { ReportBody } from "../../reports/components/ReportBody.tsx";
import { ReportFrame } from "../../reports/components/ReportFrame.tsx";
import { pageCount } from "../model/return-frame.ts";
import { type ReturnPeriod, ReturnPeriodField } from "../ReturnPeriodField.tsx";

/**
 * The frame of the return screens (GSTR-1, IFF, GSTR-3B, GSTR-2): the report frame with the
 * return's title, the organisation and period line, the action bar, and the Period box first in
 * the filters (with any filter of the screen beside it).
 */
export function ReturnFrame(props: {
  title: string;
  organisationName: string;
  /** The line after the organisation's name (GSTIN and return period, once known). */
  subtitle: string | undefined;
  actions: ReactNode;
  period: ReturnPeriod;
  periodDescription: string;
  /** The screen's own filters, beside the Period box (null: none yet, the same layout). */
  filters?: ReactNode;
  children: ReactNode;
}) {
  const field = <ReturnPeriodField period={props.period} description={props.periodDescription} />;
  return (
    <ReportFrame
      title={props.title}
      organisationName={props.organisationName}
      period={props.subtitle}
      actions={props.actions}
      filters={
        props.filters === undefined ? (
          field
        ) : (
          <Group align="flex-end">
            {field}
            {props.filters}
          </Group>
        )
      }
    >
      {props.children}
    </ReportFrame>
  );
}

/**
 * A return's body: nothing while the period is wrong (the Period box says why), the skeleton
 * while loading, the server's refusal with Try again, else the return. A return is never
 * "empty" as a whole: its tables say so row by row.
 */
export function ReturnBody<T>(props: {
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
}) {
  return (
    <ReportBody query={props.query} isEmpty={() => false} empty={null}>
      {props.children}
    </ReportBody>
  );
}

/** The pages of a return's table, shown only when the rows pass one page. */
export function ReturnPagination(props: {
  count: number;
  pageSize: number;
  page: number;
  onChange: (page: number) => void;
}) {
  const total = pageCount(props.count, props.pageSize);
  if (total === null) return null;
  return <Pagination total={total} value={props.page} onChange={props.onChange} />;
}
