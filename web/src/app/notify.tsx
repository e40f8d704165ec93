import { notifications } from "@mantine/notifications";
import { Component, type ReactNode } from "react";
import { AlertIcon, CheckIcon, InfoIcon } from "../components/icons.tsx";

export type NotificationType = "success" | "danger" | "warn";

/** spec 4 "Notifications": auto-dismiss after 5 seconds (spec 9: 5000 ms). */
export const NOTIFICATION_TIMEOUT_MS = 5000;

interface NotificationStyle {
  type: NotificationType;
  color: "green" | "red" | "orange";
  icon: ReactNode;
}

const STYLES: Record<NotificationType, NotificationStyle> = {
  success: { type: "success", color: "green", icon: <CheckIcon /> },
  danger: { type: "danger", color: "red", icon: <AlertIcon /> },
  warn: { type: "warn", color: "orange", icon: <InfoIcon /> },
};

/** spec 4: success green with a check, danger red with an alert, warn orange with info; any other type shows as warn. */
export function styleNotification(type: string): NotificationStyle {
  return type === "success" || type === "danger" ? STYLES[type] : STYLES.warn;
}

export interface NotifyInput {
  type: NotificationType | (string & {});
  title: string;
  message?: ReactNode;
}

/** spec 2.7: what a notification shows when its own content crashes. */
export const NOTIFICATION_CRASH_TEXT = "Some Error occurred";

/**
 * A crash while drawing one notification's content stays inside that notification (spec 2.7): it
 * shows 'Some Error occurred' instead of taking the page down with the error screen.
 */
export class NotificationBoundary extends Component<{ children: ReactNode }, { crashed: boolean }> {
  override state = { crashed: false };

  static getDerivedStateFromError(): { crashed: boolean } {
    return { crashed: true };
  }

  override render() {
    return this.state.crashed ? NOTIFICATION_CRASH_TEXT : this.props.children;
  }
}

/** Appends a notification; it closes after 5 s or on its close button. Returns its id. */
export function notify({ type, title, message }: NotifyInput): string {
  const style = styleNotification(type);
  return notifications.show({
    color: style.color,
    icon: style.icon,
    // Mantine needs a message; a title-only toast shows the title as its message.
    title: message ? title : undefined,
    // Text cannot crash; drawn content can, and then only its own notification says so.
    message:
      typeof message === "string" || !message ? (
        message || title
      ) : (
        <NotificationBoundary>{message}</NotificationBoundary>
      ),
    autoClose: NOTIFICATION_TIMEOUT_MS,
    "data-type": style.type,
  });
}
