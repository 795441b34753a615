import type { Smiley as SmileyKind } from "~/domain/smileys";

const mouths: Record<SmileyKind, string> = {
  happy: "M8 14.5c1.1 1.5 2.4 2.2 4 2.2s2.9-.7 4-2.2",
  neutral: "M8.5 15.5h7",
  sad: "M8 16.5c1.1-1.5 2.4-2.2 4-2.2s2.9.7 4 2.2",
};

/**
 * A smiley face for the bands of spec section 4. The face is decoration: `label` says the same in
 * words (visible, or for screen readers only with `hideLabel`).
 */
export function Smiley({ kind, label, hideLabel = false }: { kind: SmileyKind; label: string; hideLabel?: boolean }) {
  return (
    <span className={`smiley smiley-${kind}`}>
      <svg aria-hidden="true" viewBox="0 0 24 24" width="28" height="28" focusable="false">
        <circle
          cx="12"
          cy="12"
          r="10.5"
          fill="currentColor"
          fillOpacity="0.14"
          stroke="currentColor"
          strokeWidth="1.6"
        />
        <circle cx="9" cy="10" r="1.3" fill="currentColor" />
        <circle cx="15" cy="10" r="1.3" fill="currentColor" />
        <path d={mouths[kind]} fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
      </svg>
      <span className={hideLabel ? "visually-hidden" : "smiley-label"}>{label}</span>
    </span>
  );
}
