/**
 * Test fixture: what the tenant service says of a weekly heat alarm's notification above 40 kWh,
 * the demo's kind of alarm; the back-end's tests expect it and the portal's build on it.
 */
export const weeklyHeatNotice = {
  kind: "HIGH_CONSUMPTION",
  quantity: "heat-energy",
  metricType: "energy",
  alarmType: "THRESHOLD",
  frequency: "WEEK",
  direction: "ABOVE",
  threshold: 40,
} as const;
