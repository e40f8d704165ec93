// Test support only (not exported from index.ts): system accounts whose ids are their names.
import type { SystemAccounts } from "./system-accounts.ts";

export const accounts: SystemAccounts = {
  sales: "sales",
  purchases: "purchases",
  outputCgst: "outputCgst",
  outputSgst: "outputSgst",
  outputIgst: "outputIgst",
  outputCess: "outputCess",
  inputCgst: "inputCgst",
  inputSgst: "inputSgst",
  inputIgst: "inputIgst",
  inputCess: "inputCess",
  rcmCgstPayable: "rcmCgstPayable",
  rcmSgstPayable: "rcmSgstPayable",
  rcmIgstPayable: "rcmIgstPayable",
  rcmCessPayable: "rcmCessPayable",
  roundOff: "roundOff",
  cash: "cash",
};
