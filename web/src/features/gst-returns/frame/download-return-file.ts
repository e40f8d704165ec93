import { describeErrorMessage } from "../../../api/http.ts";
import { notify } from "../../../app/notify.tsx";
import { saveResponse } from "../../reports/download.ts";

/**
 * A return's file (JSON, Excel) saved by the browser under `fileName`, then `message`; a refusal
 * is shown as the server's words under "Not able to download file!".
 */
export async function downloadReturnFile(
  fetchFile: () => Promise<unknown>,
  fileName: string,
  message: string,
): Promise<void> {
  try {
    const response = await fetchFile();
    if (response instanceof Response) await saveResponse(response, fileName);
    notify({ type: "success", title: "Download", message });
  } catch (error) {
    notify({
      type: "danger",
      title: "Not able to download file!",
      message: describeErrorMessage(error),
    });
  }
}
