import { useNavigation } from "@remix-run/react";

/**
 * A thin progress bar at the top while a navigation or form submission is under way (with
 * JavaScript; without it the browser shows its own loading state). The old page stays until the
 * new one is ready. It appears only after a short delay (CSS), so fast pages do not flicker.
 */
export function PendingBar() {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  return <div className="pending-bar" data-active={busy ? "true" : "false"} aria-hidden="true" />;
}
