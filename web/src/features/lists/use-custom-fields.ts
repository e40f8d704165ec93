import { VOUCHER_REGISTRY, type VoucherType } from "@bahi/domain";
import { useQuery } from "@tanstack/react-query";
import { fetchCustomFields, type ListCustomField } from "./lists.api.ts";

const NONE: ListCustomField[] = [];

/** The organisation's active custom fields that apply to a voucher type (spec 3 applicableFor). */
export function useCustomFieldsOf(
  organisationId: string,
  type: VoucherType,
  enabled: boolean,
): ListCustomField[] {
  const query = useQuery({
    queryKey: ["list-custom-fields", organisationId],
    queryFn: ({ signal }) => fetchCustomFields(organisationId, signal),
    enabled,
    staleTime: 60_000,
  });
  const key = VOUCHER_REGISTRY[type].customFieldKey;
  return query.data ? query.data.filter((field) => field.applicableFor === key) : NONE;
}
