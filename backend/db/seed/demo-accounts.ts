/**
 * The demo data's sign-ins, codes and ids, for tests and the README. Import these instead of
 * repeating literals. They are plain data; the seed (demo.ts) builds the database from them.
 */

/** The password of every demo account that has one. */
export const DEMO_PASSWORD = "Demo-Password-2026!";

export const DEMO_PROPERTY_NUMBER = "1042";

export const demoAccounts = {
  /** Exactly one tenancy (annaTenancyId); no allocation statements. */
  anna: { email: "anna@demo.test", name: "Anna Jensen", language: "da" },
  /** Exactly two tenancies in different units; admin of the first, which has a statement. */
  jens: { email: "jens@demo.test", name: "Jens Hansen", language: "da" },
  /** No tenancies (the /no-tenancies screen). */
  nora: { email: "nora@demo.test", name: "Nora Berg", language: "nb" },
  /** An English-speaking resident with one tenancy. */
  emma: { email: "emma@demo.test", name: "Emma Clarke", language: "en" },
  /** Co-tenant and admin of jens's second tenancy. */
  mette: { email: "mette@demo.test", name: "Mette Hansen", language: "da" },
  /** Invited to jens's first tenancy, invitation pending, no password yet. */
  sofie: { email: "sofie@demo.test", name: "Sofie Hansen", language: "da" },
  /** A deactivated account with the demo password: it cannot sign in. */
  inactive: { email: "ole@demo.test", name: "Ole Madsen", language: "da" },
  /**
   * Co-tenants of units 1 and 2, there to be locked out: the end-to-end abuse test sends 100 wrong
   * passwords for lars (js project) and karen (nojs project), so no other test's account is locked.
   */
  lars: { email: "lars@demo.test", name: "Lars Holm", language: "da" },
  karen: { email: "karen@demo.test", name: "Karen Lund", language: "da" },
} as const;

export type DemoAccountKey = keyof typeof demoAccounts;

/**
 * Tenancy ids: the current tenancy of unit n (1–32) is 7000 + n, the ended tenancy before it (where
 * there is one) 6000 + n. Unit ids are 100 + n.
 */
export const demoTenancyIds = {
  /** Anna's only tenancy: 2. tv. in 148A (DK1042-0201), since 2023-08-01. */
  anna: 7009,
  /** The ended tenancy before Anna's in the same unit: never shown to Anna. */
  annaPredecessor: 6009,
  /** Jens's first tenancy (admin): 4. tv. in 148B (DK1042-0403), has an allocation statement. */
  jensFirst: 7019,
  /** Jens's second tenancy (plain member; Mette is admin): 5. th. in 148A (DK1042-0502). */
  jensSecond: 7022,
  /** Emma's tenancy: 1. th. in 148B (DK1042-0104). */
  emma: 7008,
  /** Current tenancy of 3. tv. in 148A (DK1042-0301): no demo user holds it; DEMOACTIVATE adds it. */
  activationTarget: 7013,
} as const;

/** The demo property has units 1–32; unit n has the id 100 + n. */
export const demoUnitCount = 32;
export const demoUnitIdOf = (unitNumber: number) => 100 + unitNumber;

export const demoUnitUniqueIds = {
  anna: "DK1042-0201",
  jensFirst: "DK1042-0403",
  jensSecond: "DK1042-0502",
  emma: "DK1042-0104",
  activationTarget: "DK1042-0301",
} as const;

export const demoActivationCodes = {
  /** Unused, for demoTenancyIds.activationTarget, expires 2099-12-31. */
  unused: "DEMOACTIVATE",
  /** Already used by Anna for her tenancy. */
  used: "USEDCODEUSED",
  /** Never used, expired 2024-12-31 (tenancy 7014): invalid. */
  expired: "EXPIREDCODES",
  /** The code of demoInvitation (Jens's first tenancy), unused, expires 2099-12-31. */
  invitation: "PARTNERINVIT",
} as const;

/**
 * The demo property's contact (seed step 0011), shown on every tenancy's Tenancy info page.
 * Made up: the e-mail domain says demo.
 */
export const demoPropertyContact = {
  name: "Ejendomsservice Nørrebro ApS",
  email: "drift@ejendomsservice-demo.dk",
  phone: "+45 33 12 34 56",
} as const;

/**
 * An open invitation on Jens's first tenancy (seed step 0011), so its users list shows a pending
 * invitation; its code is demoActivationCodes.invitation. (Sofie's older pending membership of the
 * same tenancy, from step 0003, has no invitation row.)
 */
export const demoInvitation = {
  id: 1,
  tenancyId: demoTenancyIds.jensFirst,
  email: "invited.partner@demo.test",
  language: "da",
  createdAt: "2026-11-10T09:30:00.000Z",
} as const;

/**
 * Accounts of the account flows that are not residents. Both have DEMO_PASSWORD.
 * Like every seeded account they are onboarded; new sign-ups are not.
 */
export const demoSpecialAccounts = {
  /**
   * An account of the landlords' admin portal (user_type ADMIN_PORTAL): the tenant portal refuses
   * it — sign-in with the right password, sign-up and social sign-in give EMAIL_USED_BY_ADMIN_PORTAL.
   */
  adminPortal: { email: "landlord@demo.test", name: "Lone Udlejer", language: "da" },
  /** A user with admin rights (is_admin) and no tenancies: sign-up gives USER_EXISTS_WITH_ABOVE_DEFAULT_RIGHTS. */
  staff: { email: "support@demo.test", name: "Karen Support", language: "en" },
} as const;
