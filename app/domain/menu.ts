/**
 * The side menu's rules (spec section 2). "Notifications (hidden when the property has settings)":
 * read literally, any property setting would hide it, and every property with hourly values has
 * one. ADR 0026 reads it as a setting that switches the portal's notifications off for the
 * property: `NOTIFICATIONS_OFF`.
 */
export const notificationsOffSetting = "NOTIFICATIONS_OFF";

/** Whether the Notifications entry shows for a property with these setting kinds. */
export function notificationsShown(settingKinds: readonly string[]): boolean {
  return !settingKinds.includes(notificationsOffSetting);
}
