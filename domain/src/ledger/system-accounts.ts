/**
 * Ids of the accounts every organisation is created with (DESIGN §4) that posting needs. The
 * reverse-charge liability has its own accounts, as india-compliance keeps `cgst_rcm` etc.
 * (gst-reference §8).
 */
export type SystemAccounts = {
  sales: string;
  purchases: string;
  outputCgst: string;
  outputSgst: string;
  outputIgst: string;
  outputCess: string;
  inputCgst: string;
  inputSgst: string;
  inputIgst: string;
  inputCess: string;
  rcmCgstPayable: string;
  rcmSgstPayable: string;
  rcmIgstPayable: string;
  rcmCessPayable: string;
  roundOff: string;
  cash: string;
};
