import { useTranslation } from "react-i18next";
import { type WatchNotificationKind, watchNotificationTexts } from "~/domain/watches";

/**
 * The icon of a watch's notification (issue 47): a water drop for the leak watch, a radiator for the
 * heating watch. An inline SVG drawn in the text's colour, named by its title (its text alternative).
 */
export function WatchIcon({ kind }: { kind: WatchNotificationKind }) {
  const { t } = useTranslation();
  return (
    <svg className="watch-icon" role="img" viewBox="0 0 24 24" width="20" height="20" focusable="false">
      <title>{t(watchNotificationTexts[kind].icon)}</title>
      {kind === "leak_watch" ? (
        <path
          d="M12 2.5c-3.2 4.4-6.5 8.2-6.5 12a6.5 6.5 0 0 0 13 0c0-3.8-3.3-7.6-6.5-12Z"
          fill="currentColor"
          fillOpacity="0.18"
          stroke="currentColor"
          strokeWidth="1.6"
          strokeLinejoin="round"
        />
      ) : (
        <g fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round">
          <rect x="3" y="8" width="18" height="11" rx="1.5" fill="currentColor" fillOpacity="0.18" />
          <path d="M7.5 8v11M12 8v11M16.5 8v11M5 19v2M19 19v2" />
          <path d="M8 2.5c-1 1 1 2 0 3M12 2.5c-1 1 1 2 0 3M16 2.5c-1 1 1 2 0 3" />
        </g>
      )}
    </svg>
  );
}
