/**
 * Test fixtures: a weekly heat alarm above 40 kWh, the demo's kind of alarm, and its notification,
 * as the tenant service answers them; the back-end's tests expect them and the portal's build on them.
 */
export const weeklyHeatAlarm = {
  quantity: "heat-energy",
  metricType: "energy",
  type: "THRESHOLD",
  frequency: "WEEK",
  level: 40,
  enabled: true,
} as const;

export const weeklyHeatNotice = {
  kind: "HIGH_CONSUMPTION",
  quantity: "heat-energy",
  metricType: "energy",
  alarmType: "THRESHOLD",
  frequency: "WEEK",
  direction: "ABOVE",
  threshold: 40,
} as const;
