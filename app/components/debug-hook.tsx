import { useLocation, useMatches } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { createPressSequence } from "~/domain/debug-hook";

/**
 * Support's debug hook: Ctrl+S three times within 2 seconds logs the page's state (the URL and the
 * data of every route on it — never tokens, which stay on the server) to the browser console.
 */
export function DebugHook() {
  const matches = useMatches();
  const location = useLocation();
  const state = useRef({ matches, location });
  state.current = { matches, location };

  useEffect(() => {
    const press = createPressSequence();
    const onKeyDown = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.key.toLowerCase() !== "s") return;
      if (press(event.timeStamp)) {
        const { matches: current, location: where } = state.current;
        console.info("[debug] state", {
          location: where,
          routes: current.map((m) => ({ id: m.id, params: m.params, data: m.data })),
        });
      }
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, []);
  return null;
}
