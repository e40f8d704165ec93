import { NewPassword } from "@bahi/domain";
import { Button, Group, PasswordInput } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { describeErrorMessage } from "../../api/errors.ts";
import { notify } from "../../app/notify.tsx";
import {
  checkConfirmation,
  NewPasswordFields,
  type NewPasswordValues,
} from "../../components/NewPasswordFields.tsx";
import { OWN_USER_QUERY_KEY, type OwnUser } from "./own-user.api.ts";
import { ProfileSection } from "./ProfileSection.tsx";
import { changePassword, setFirstPassword } from "./profile.api.ts";

/** POST /user/resetPassword; a person without a password yet (demo) sets one with /user/setPassword. */
export function PasswordForm({ user }: { user: OwnUser }) {
  const queryClient = useQueryClient();
  const [current, setCurrent] = useState("");
  const [passwords, setPasswords] = useState<NewPasswordValues>({ password: "", confirm: "" });
  const [errors, setErrors] = useState<{ current?: string; password?: string; confirm?: string }>(
    {},
  );
  const [saving, setSaving] = useState(false);

  async function submit() {
    const checked = NewPassword.safeParse(passwords.password);
    const next = {
      current: user.hasPassword && !current ? "Password is required." : undefined,
      password: checked.success ? undefined : checked.error.issues[0]?.message,
      confirm: checkConfirmation(passwords),
    };
    setErrors(next);
    if (next.current || next.password || next.confirm) return;
    setSaving(true);
    try {
      const answer = user.hasPassword
        ? await changePassword(current, passwords.password)
        : await setFirstPassword(passwords.password);
      queryClient.setQueryData<OwnUser>(OWN_USER_QUERY_KEY, { ...user, hasPassword: true });
      notify({ type: "success", title: answer.message });
      setCurrent("");
      setPasswords({ password: "", confirm: "" });
    } catch (error) {
      setErrors({ current: describeErrorMessage(error) });
    } finally {
      setSaving(false);
    }
  }

  return (
    <ProfileSection
      title={user.hasPassword ? "Change password" : "Set a password"}
      onSubmit={() => void submit()}
    >
      {user.hasPassword && (
        <PasswordInput
          label="Current password"
          autoComplete="current-password"
          value={current}
          onChange={(event) => setCurrent(event.currentTarget.value)}
          error={errors.current}
        />
      )}
      <NewPasswordFields values={passwords} errors={errors} onChange={setPasswords} />
      <Group justify="flex-end">
        <Button type="submit" loading={saving}>
          {user.hasPassword ? "Change password" : "Set password"}
        </Button>
      </Group>
    </ProfileSection>
  );
}
