/**
 * The data policy and cookie policy (spec section 2, standalone pages): their sections here, their
 * words in the `policies` namespace (locales/{lng}/policies.json), which only these two pages load.
 * Deployments replace the controller details through their landlord agreement. The structure
 * (sections of paragraphs) is the same in every language; a test checks that every language's
 * file holds exactly the texts it names.
 */

/** The namespace of the policies' texts (`handle.i18n` of their routes). */
export const policiesNamespace = "policies";

export type PolicyKind = "data" | "cookie";

export interface PolicySection {
  heading: string;
  paragraphs: string[];
}

/** A section as it is built: the key of its texts (policies:<kind>.<id>.*) and its paragraph count. */
interface PolicySectionShape {
  id: string;
  /** Texts p1 … pN after the heading. */
  paragraphs: number;
}

export const policySections: Record<PolicyKind, readonly PolicySectionShape[]> = {
  data: [
    { id: "controller", paragraphs: 1 },
    { id: "processed", paragraphs: 2 },
    { id: "purpose", paragraphs: 1 },
    { id: "retention", paragraphs: 1 },
    { id: "rights", paragraphs: 1 },
  ],
  cookie: [
    { id: "necessary", paragraphs: 1 },
    { id: "choice", paragraphs: 2 },
  ],
};

/** A translation function of an i18next instance that holds the `policies` namespace. */
export type Translate = (key: string) => string;

const paragraphKeys = (count: number) => Array.from({ length: count }, (_, i) => `p${i + 1}`);

/** A policy's sections in the language of `t`. */
export function policyContent(kind: PolicyKind, t: Translate): PolicySection[] {
  return policySections[kind].map(({ id, paragraphs }) => {
    const text = (part: string) => t(`policies:${kind}.${id}.${part}`);
    return { heading: text("heading"), paragraphs: paragraphKeys(paragraphs).map(text) };
  });
}

/**
 * The keys the structure names in the `policies` namespace ("data.controller.heading",
 * "cookie.choice.p2", …): what every language's policies.json must hold, and nothing else.
 */
export function policyKeys(): string[] {
  return (Object.keys(policySections) as PolicyKind[]).flatMap((kind) =>
    policySections[kind].flatMap(({ id, paragraphs }) =>
      ["heading", ...paragraphKeys(paragraphs)].map((part) => `${kind}.${id}.${part}`),
    ),
  );
}
