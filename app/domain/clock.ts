/** The time of day in Copenhagen, 24-hour "HH:MM" (the portal's times are Copenhagen's, spec section 9). */
const timeOfDay = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/Copenhagen",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

export function copenhagenTimeOfDay(now: Date): string {
  const parts = timeOfDay.formatToParts(now);
  const part = (type: "hour" | "minute") => parts.find((p) => p.type === type)?.value ?? "00";
  return `${part("hour")}:${part("minute")}`;
}
