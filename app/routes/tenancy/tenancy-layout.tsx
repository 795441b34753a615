import { withTotalWater } from "@common/meters";
import {
  addTenancyDismissPath,
  addTenancyPath,
  alarmsPath,
  consumptionPath,
  helpPath,
  indoorClimatePath,
  metersPath,
  notificationsPath,
  profilePath,
  selectTenancyPath,
  statementsPath,
  tenancyPath,
  tenancySettingsPath,
} from "@common/portal-paths";
import {
  consumptionQuantityIds,
  indoorClimateQuantityIds,
  isQuantityId,
  technicalQuantityIds,
} from "@common/quantities";
import type { LoaderFunctionArgs } from "@remix-run/node";
import {
  Form,
  Link,
  NavLink,
  Outlet,
  type ShouldRevalidateFunction,
  useLoaderData,
  useMatches,
  useRouteLoaderData,
} from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { LanguagePicker } from "~/components/language-picker";
import { LogoutButton } from "~/components/logout-button";
import { Modal } from "~/components/modal";
import { RouteError } from "~/components/route-error";
import { SkipLink } from "~/components/skip-link";
import { notificationsShown } from "~/domain/menu";
import type { RootLoaderData } from "~/root";
import { idFromUrl } from "~/routes/alarms/alarm-pages.server";
import { rememberMeterKinds } from "~/routes/consumption/page-inputs.server";
import { requireTenancy } from "~/session/guards.server";

import { type Breadcrumb, backTarget, breadcrumbTrail, type TenancyHandle, titleCrumb } from "./tenancy-handle";

export type { TenancyHandle };

/** The tenancy's dashboard is the first breadcrumb of every page in the area. */
export const handle = titleCrumb("dashboard.title", tenancyPath);

/**
 * The tenancy area's side-menu layout (spec section 2): side menu, header with breadcrumbs and the
 * address, the tenancy dropdown for residents with more than one tenancy, the language switcher.
 * Below 1280 px the menu is a drawer opened by a link to #side-menu, so it works without JavaScript.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  // The menu's unread count and property settings need only the URL's tenancy: asked while the
  // guard asks, so they add no wait (ADR 0021, ADR 0026).
  const guessedId = idFromUrl(params.tenancyId);
  const opened = idFromUrl(params.notificationId);
  if (guessedId !== null) {
    context.api.prefetch.tenant.tenancyMenu(guessedId);
    if (opened !== null) context.api.prefetch.tenant.notification(guessedId, opened);
  }
  const { user, tenancies, tenancy } = await requireTenancy(request, params, context);
  // A back-end that does not answer costs the menu its count, never the page.
  const [menu, openedNotification] = await Promise.all([
    context.api.tenant.tenancyMenu(tenancy.tenancyId).catch(() => null),
    opened === null ? null : context.api.tenant.notification(tenancy.tenancyId, opened).catch(() => null),
  ]);
  // A notification being opened is read now; the count (asked before) leaves it out. Not the
  // resident's (or no such) notification: the page answers 404 and nothing is marked.
  const readNow = openedNotification !== null && !openedNotification.read;
  if (readNow)
    await context.api.tenant.markNotificationRead(tenancy.tenancyId, openedNotification.id).catch(() => null);
  const session = await context.session.get();
  const kinds = tenancy.meterUnits.map((m) => m.kind).filter(isQuantityId);
  // What the dashboard will ask for, should the resident open it next (ADR 0021).
  rememberMeterKinds(tenancy.tenancyId, kinds);
  const measured = withTotalWater(kinds);
  return {
    /** The consumption views of the side menu: the unit's quantities, then indoor climate. */
    quantities: consumptionQuantityIds.filter((q) => measured.includes(q)),
    hasIndoorClimate: indoorClimateQuantityIds.some((q) => measured.includes(q)),
    /** Technical values (flow and return temperature, backflow, errors) after the indoor climate. */
    technical: technicalQuantityIds.filter((q) => measured.includes(q)),
    /** Spec section 2: the Notifications entry is hidden when the property has settings (ADR 0026). */
    /** Spec section 2: only for users whose accountHasStatements is true. */
    hasStatements: user.accountHasStatements,
    showNotifications: menu === null || notificationsShown(menu.propertySettings.map((s) => s.kind)),
    unreadNotifications: Math.max(0, (menu?.unreadNotificationCount ?? 0) - (readNow ? 1 : 0)),
    /** Guard rule 3: a stored unused activation code opens the add-tenancy dialog. */
    pendingActivationCode: Boolean(session.get("activationCode")),
    email: user.email,
    tenancy: {
      id: tenancy.id,
      address: tenancy.apartment.address,
      zipcode: tenancy.apartment.apartmentInfo.zipcode,
      city: tenancy.apartment.apartmentInfo.city,
    },
    tenancies: tenancies.map((t) => ({ id: t.id, address: t.apartment.address })),
  };
}

function TenancySwitcher({ current, tenancies }: { current: string; tenancies: { id: string; address: string }[] }) {
  const { t } = useTranslation();
  return (
    <Form method="post" action={selectTenancyPath} className="tenancy-switcher">
      <label htmlFor="tenancy-select">{t("menu.select_tenancy")}</label>
      <select id="tenancy-select" name="tenancyId" defaultValue={current} key={current}>
        {tenancies.map((tenancy) => (
          <option key={tenancy.id} value={tenancy.id}>
            {tenancy.address}
          </option>
        ))}
      </select>
      <button type="submit" className="button button-small">
        {t("menu.switch_tenancy")}
      </button>
    </Form>
  );
}

/** Guard rule 3's dialog: add the tenancy of the pending activation code, or not now. */
function AddTenancyDialog({ additional }: { additional: boolean }) {
  const { t } = useTranslation();
  return (
    <Modal
      title={t(additional ? "add_tenancy.title_additional" : "add_tenancy.title")}
      closeHref={addTenancyDismissPath}
      maxWidth={484}
    >
      <p>{t("add_tenancy.intro")}</p>
      <Form method="post" action={addTenancyPath} className="dialog-actions">
        <button type="submit" name="intent" value="dismiss" className="button button-secondary">
          {t("add_tenancy.not_now")}
        </button>
        <button type="submit" name="intent" value="add" className="button">
          {t("add_tenancy.submit")}
        </button>
      </Form>
    </Modal>
  );
}

function Breadcrumbs({ crumbs }: { crumbs: readonly Breadcrumb[] }) {
  const { t } = useTranslation();
  if (crumbs.length === 0) return null;
  return (
    <nav aria-label={t("header.breadcrumbs")} className="breadcrumbs">
      <ol>
        {crumbs.map((crumb, index) => (
          <li key={crumb.to}>
            {index === crumbs.length - 1 ? (
              <span aria-current="page">{t(crumb.labelKey, crumb.values)}</span>
            ) : (
              <Link to={crumb.to}>{t(crumb.labelKey, crumb.values)}</Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

/**
 * The header's way on below 1280 px (spec section 2): a back link to the page one level up when
 * the page has breadcrumbs, else the link that opens the menu drawer. Both are plain links, so
 * they work without JavaScript; at 1280 px and wider the menu is always open and neither shows.
 */
function HeaderNavigation({ crumbs }: { crumbs: readonly Breadcrumb[] }) {
  const { t } = useTranslation();
  const back = backTarget(crumbs);
  if (back) {
    return (
      <Link
        to={back.to}
        className="back-button"
        aria-label={t("header.back_to", { page: t(back.labelKey, back.values) })}
      >
        <span aria-hidden="true">‹</span> {t("header.back")}
      </Link>
    );
  }
  return (
    <a href="#side-menu" className="menu-button">
      <span aria-hidden="true">☰</span> {t("menu.open")}
    </a>
  );
}

/** An entry of the side menu: a link that shows when its page (or one below it) is open. */
function MenuLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <li>
      <NavLink to={to}>{children}</NavLink>
    </li>
  );
}

export default function TenancyLayout() {
  const { t } = useTranslation();
  const {
    tenancy,
    tenancies,
    pendingActivationCode,
    quantities,
    hasIndoorClimate,
    technical,
    showNotifications,
    unreadNotifications,
    hasStatements,
  } = useLoaderData<typeof loader>();
  const root = useRouteLoaderData("root") as RootLoaderData | undefined;
  const crumbs = breadcrumbTrail(tenancy.id, useMatches());
  return (
    <div className="app-shell">
      <SkipLink />
      <nav id="side-menu" className="side-menu" aria-label={t("menu.label")}>
        <div className="side-menu-top">
          <p className="side-menu-brand">{root?.appName}</p>
          <a href="#main" className="side-menu-close">
            <span aria-hidden="true">×</span> {t("menu.close")}
          </a>
        </div>
        <ul className="side-menu-entries">
          <li>
            <NavLink to={tenancyPath(tenancy.id)} end prefetch="intent">
              {t("menu.consumption")}
            </NavLink>
            {quantities.length > 0 || hasIndoorClimate || technical.length > 0 ? (
              <ul className="side-menu-sub" aria-label={t("menu.consumption_views")}>
                {quantities.map((quantity) => (
                  <MenuLink key={quantity} to={consumptionPath(tenancy.id, quantity)}>
                    {t(`quantity.${quantity}`)}
                  </MenuLink>
                ))}
                {hasIndoorClimate ? (
                  <MenuLink to={indoorClimatePath(tenancy.id)}>{t("menu.indoor_climate")}</MenuLink>
                ) : null}
                {technical.map((quantity) => (
                  <MenuLink key={quantity} to={consumptionPath(tenancy.id, quantity)}>
                    {t(`quantity.${quantity}`)}
                  </MenuLink>
                ))}
              </ul>
            ) : null}
          </li>
          {hasStatements ? <MenuLink to={statementsPath(tenancy.id)}>{t("menu.statements")}</MenuLink> : null}
          <MenuLink to={alarmsPath(tenancy.id)}>{t("menu.alarms")}</MenuLink>
          <MenuLink to={tenancySettingsPath(tenancy.id)}>{t("menu.tenancy_info")}</MenuLink>
          {showNotifications ? (
            <MenuLink to={notificationsPath(tenancy.id)}>
              {t("menu.notifications")}
              {unreadNotifications > 0 ? (
                <>
                  {" "}
                  <span className="menu-count" aria-hidden="true">
                    {unreadNotifications}
                  </span>
                  <span className="visually-hidden"> ({t("menu.unread", { count: unreadNotifications })})</span>
                </>
              ) : null}
            </MenuLink>
          ) : null}
          <MenuLink to={helpPath(tenancy.id)}>{t("menu.help")}</MenuLink>
          <MenuLink to={profilePath(tenancy.id)}>{t("menu.profile")}</MenuLink>
          <MenuLink to={metersPath(tenancy.id)}>{t("menu.meters")}</MenuLink>
        </ul>
        <LogoutButton className="side-menu-logout" block />
      </nav>
      <div className="app-main">
        <header className="app-header">
          <HeaderNavigation crumbs={crumbs} />
          <div className="app-header-place">
            <Breadcrumbs crumbs={crumbs} />
            <p className="header-address">
              {tenancy.address}, {tenancy.zipcode} {tenancy.city}
            </p>
          </div>
          <div className="app-header-tools">
            {tenancies.length > 1 ? <TenancySwitcher current={tenancy.id} tenancies={tenancies} /> : null}
            <LanguagePicker />
          </div>
        </header>
        <main id="main" className="app-content">
          <Outlet />
        </main>
        {pendingActivationCode ? <AddTenancyDialog additional={tenancies.length > 0} /> : null}
      </div>
    </div>
  );
}

/**
 * With JavaScript the layout's data is kept across navigations inside the tenancy; the unread
 * count changes when a notification is opened or all are marked read, so pages of notifications
 * (and any action) ask again. Without JavaScript every page is loaded whole anyway.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  defaultShouldRevalidate ||
  /\/notifications(\/|$)/.test(nextUrl.pathname) ||
  /\/notifications(\/|$)/.test(currentUrl.pathname);

/** The layout's loader failed (no data for the menu): show the error on its own. */
export function ErrorBoundary() {
  return (
    <main id="main" className="error-page">
      <RouteError />
    </main>
  );
}
