import { describe, expect, it } from "vitest";
import { ENTRY_INPUT_SCHEMAS } from "../../schemas/entry-input-schemas.ts";
import { buildDocument } from "../../schemas/test-payloads.ts";
import { getVoucherDefinition, VOUCHER_TYPES } from "../../vouchers/index.ts";

const TRANSPORT = { mode: "road", vehicleNumber: "KA01AB1234", distanceKm: 120 };

describe("the registry's transport fact and the payloads", () => {
  it("names the types that move goods", () => {
    expect(VOUCHER_TYPES.filter((type) => getVoucherDefinition(type).transport !== null)).toEqual([
      "salesInvoice",
      "purchases",
      "deliveryChallan",
    ]);
  });

  it.each(VOUCHER_TYPES.filter((type) => getVoucherDefinition(type).family === "document"))(
    "%s keeps transport details only when the registry says so",
    (type) => {
      const parsed = ENTRY_INPUT_SCHEMAS[type].add.safeParse(
        buildDocument({ transport: TRANSPORT, type: undefined }),
      );
      expect(parsed.success).toBe(true);
      const kept = (parsed.data as Record<string, unknown>).transport;
      expect(kept).toEqual(getVoucherDefinition(type).transport ? TRANSPORT : undefined);
    },
  );

  it("refuses a bad vehicle number with its message", () => {
    const parsed = ENTRY_INPUT_SCHEMAS.salesInvoice.add.safeParse(
      buildDocument({ transport: { vehicleNumber: "12345" } }),
    );
    expect(parsed.error?.issues).toEqual([
      expect.objectContaining({
        path: ["transport", "vehicleNumber"],
        message: "Vehicle number is not valid (for example KA01AB1234).",
      }),
    ]);
  });
});
