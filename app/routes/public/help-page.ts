/**
 * The help page, /t/{tenancyId}/help (spec sections 2, 4 and 9): its structure here, its words in
 * the `help` namespace (locales/{lng}/help.json), which only this page loads. Only what the page
 * says on its own: the eight help topics of the `?help=` dialogs are rendered from their
 * translation keys in `common` (help.*), and the property's contact comes from the loader.
 *
 * The structure (section and subsection ids, the anchors of the page, how many paragraphs and list
 * items each has) is the same in every language; a test checks that every language's file holds
 * exactly the texts it names.
 */

/** The namespace of the page's texts (`handle.i18n` of the route). */
export const helpNamespace = "help";

/** A block of the page as it is built: its anchor, and how many paragraphs and list items it has. */
interface BlockShape {
  /** The anchor of the heading (`#id`), and the key of its texts (help:sections.<id>.*). */
  id: string;
  /** Texts p1 … pN. */
  paragraphs: number;
  /** Texts item1 … itemN, a bulleted list after the paragraphs. */
  items?: number;
}

interface SectionShape extends BlockShape {
  subsections: BlockShape[];
}

export const helpSections: readonly SectionShape[] = [
  {
    id: "views",
    paragraphs: 1,
    subsections: [
      { id: "view-dashboard", paragraphs: 2 },
      { id: "view-consumption", paragraphs: 3 },
      // Weather-adjusted comparisons and degree days (issue 46 item 2, ADR 0070).
      { id: "view-weather", paragraphs: 5, items: 5 },
      // Forecasts of this month, this year and the billing year (issue 46 item 3, ADR 0072).
      { id: "view-forecast", paragraphs: 2 },
      // The efficient neighbours (issue 46 item 4, ADR 0073).
      { id: "view-neighbours", paragraphs: 3 },
      { id: "view-price", paragraphs: 1 },
      { id: "view-rooms", paragraphs: 1 },
      { id: "view-meters", paragraphs: 1 },
      { id: "view-indoor-climate", paragraphs: 1 },
      { id: "view-meter-list", paragraphs: 1 },
      { id: "view-statements", paragraphs: 1 },
      { id: "view-report", paragraphs: 1 },
    ],
  },
  {
    id: "save-energy",
    paragraphs: 1,
    subsections: [
      { id: "save-heating", paragraphs: 1 },
      { id: "save-airing", paragraphs: 1 },
      { id: "save-hot-water", paragraphs: 1, items: 5 },
      { id: "save-follow", paragraphs: 1 },
    ],
  },
  {
    id: "alarms",
    paragraphs: 1,
    subsections: [
      { id: "alarm-types", paragraphs: 1, items: 4 },
      { id: "alarm-frequency", paragraphs: 2 },
      { id: "alarm-notifications", paragraphs: 1 },
      // The leak watch and the heating watch (issue 47 items 1–3), turned on under Alarm settings.
      { id: "alarm-watch-leak", paragraphs: 2 },
      { id: "alarm-watch-heating", paragraphs: 2 },
    ],
  },
];

export interface HelpBlock {
  /** The anchor of the heading (`#id`); the same in every language. */
  id: string;
  heading: string;
  paragraphs: string[];
  /** A bulleted list after the paragraphs. */
  list?: string[];
}

export interface HelpSection extends HelpBlock {
  /** Rendered as h3 under the section's h2. */
  subsections: HelpBlock[];
}

export interface HelpPageContent {
  /** The page title and h1. */
  title: string;
  intro: string;
  /** The accessible name of the table of contents. */
  tocLabel: string;
  sections: HelpSection[];
  topicsHeading: string;
  topicsIntro: string;
  /** Stands in for the CO₂ dialog's fun facts, which need a period's figure. */
  co2Note: string;
  contactHeading: string;
  contactIntro: string;
  noContact: string;
  emailLabel: string;
  phoneLabel: string;
}

/** A translation function of an i18next instance that holds the `help` namespace. */
export type Translate = (key: string) => string;

/** The anchors of the help topics (help.<topic> in the locales) on the page. */
export const helpTopicAnchor = (topic: string) => `help-${topic}`;
export const topicsAnchor = "help-topics";
export const contactAnchor = "contact";

const numbered = (count: number, prefix: string) => Array.from({ length: count }, (_, i) => `${prefix}${i + 1}`);

/** The parts of a block's texts (help:sections.<id>.<part>): its heading, paragraphs and list items. */
function partsOf({ paragraphs, items = 0 }: BlockShape): string[] {
  return ["heading", ...numbered(paragraphs, "p"), ...numbered(items, "item")];
}

function blockIn(t: Translate, shape: BlockShape): HelpBlock {
  const text = (part: string) => t(`help:sections.${shape.id}.${part}`);
  const block: HelpBlock = {
    id: shape.id,
    heading: text("heading"),
    paragraphs: numbered(shape.paragraphs, "p").map(text),
  };
  if (shape.items) block.list = numbered(shape.items, "item").map(text);
  return block;
}

/** The help page in the language of `t`. */
export function helpPageContent(t: Translate): HelpPageContent {
  return {
    title: t("help:title"),
    intro: t("help:intro"),
    tocLabel: t("help:toc_label"),
    sections: helpSections.map((section) => ({
      ...blockIn(t, section),
      subsections: section.subsections.map((sub) => blockIn(t, sub)),
    })),
    topicsHeading: t("help:topics.heading"),
    topicsIntro: t("help:topics.intro"),
    co2Note: t("help:topics.co2_note"),
    contactHeading: t("help:contact.heading"),
    contactIntro: t("help:contact.intro"),
    noContact: t("help:contact.none"),
    emailLabel: t("help:contact.email_label"),
    phoneLabel: t("help:contact.phone_label"),
  };
}

/**
 * The keys of the section texts the structure names, below `help:sections.` ("views.heading",
 * "save-hot-water.item1", …): what every language's help.json must hold there, and nothing else.
 */
export function helpSectionKeys(): string[] {
  return helpSections
    .flatMap((section) => [section, ...section.subsections])
    .flatMap((block) => partsOf(block).map((part) => `${block.id}.${part}`));
}
