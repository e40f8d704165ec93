import { Button, Group, TextInput } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { describeErrorMessage } from "../../api/errors.ts";
import { notify } from "../../app/notify.tsx";
import { OWN_USER_QUERY_KEY, type OwnUser } from "./own-user.api.ts";
import { ProfileSection } from "./ProfileSection.tsx";
import { changeName } from "./profile.api.ts";

export const NAME_MAX = 100;

export function checkName(name: string): string | undefined {
  const trimmed = name.trim();
  if (trimmed === "") return "Name is required.";
  if (trimmed.length > NAME_MAX) return "Name is too long.";
  return undefined;
}

/** PATCH /user/changename. */
export function NameForm({ user }: { user: OwnUser }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState(user.name);
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);

  async function submit() {
    const problem = checkName(name);
    setError(problem);
    if (problem) return;
    setSaving(true);
    try {
      const answer = await changeName(name.trim());
      queryClient.setQueryData(OWN_USER_QUERY_KEY, answer.user);
      notify({ type: "success", title: "Name saved", message: answer.user.name });
    } catch (caught) {
      setError(describeErrorMessage(caught));
    } finally {
      setSaving(false);
    }
  }

  return (
    <ProfileSection title="Name" onSubmit={() => void submit()}>
      <TextInput
        label="Name"
        autoComplete="name"
        maxLength={NAME_MAX}
        value={name}
        onChange={(event) => setName(event.currentTarget.value)}
        error={error}
      />
      <Group justify="flex-end">
        <Button type="submit" loading={saving}>
          Save name
        </Button>
      </Group>
    </ProfileSection>
  );
}
