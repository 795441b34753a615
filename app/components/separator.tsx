/**
 * Punctuation between a name and its value (": "), or between two things (", ", ". "), where the
 * layout already sets them apart visually (a flex gap, a new line, bold type): text browsers
 * (w3m, lynx) and a screen reader's linear reading see no layout, and would read "Stue20 °C" or
 * "I alt: 694 kWhSidste år" without it. Hidden from sight only; it stays in the text.
 */
export function Separator({ text = ", " }: { text?: string }) {
  return <span className="visually-hidden">{text}</span>;
}
