import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { describeErrorMessage } from "../../../api/http.ts";
import { notify } from "../../../app/notify.tsx";
import { lockPeriodKeys } from "../../lock-period/lock-periods.query.ts";

/**
 * Mark as filed (GSTR-1, IFF, GSTR-3B): the dialog's state and the call; on success the
 * server's sentence, the dialog closes and the return's queries (`invalidate`) and the lock
 * periods are read again.
 */
export function useMarkFiled(input: {
  mark: (arn: string) => Promise<{ message: string }>;
  invalidate: readonly unknown[];
}) {
  const queryClient = useQueryClient();
  const [opened, setOpened] = useState(false);
  const mutation = useMutation({
    mutationFn: input.mark,
    onSuccess: (answer) => {
      notify({ type: "success", title: "Marked as filed", message: answer.message });
      setOpened(false);
      void queryClient.invalidateQueries({ queryKey: input.invalidate });
      // A filing locks its months: the voucher forms and Lock Period read the locks again.
      void queryClient.invalidateQueries({ queryKey: lockPeriodKeys.all });
    },
    onError: (error) =>
      notify({
        type: "danger",
        title: "Not marked as filed",
        message: describeErrorMessage(error),
      }),
  });
  return {
    opened,
    open: () => setOpened(true),
    close: () => setOpened(false),
    pending: mutation.isPending,
    confirm: (arn: string) => mutation.mutate(arn),
  };
}
