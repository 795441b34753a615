import { DEMO_PASSWORD, demoAccounts, demoSpecialAccounts } from "../../backend/db/seed/demo-accounts";

/**
 * The seeded accounts the portal refuses once their owner has proven the address (the right
 * password, a verified provider e-mail), with the text each refusal shows in each language (spec
 * section 8's texts, locales/*). Every sign-in and sign-up path is tested with all three.
 */
export const accountRefusals = [
  {
    what: "an admin-portal account",
    email: demoSpecialAccounts.adminPortal.email,
    password: DEMO_PASSWORD,
    text: {
      en: "This e-mail is used for the admin portal. Please use another e-mail.",
      da: "Denne e-mail bruges til administrationsportalen. Brug venligst en anden e-mail.",
      nb: "Denne e-postadressen brukes til administrasjonsportalen. Bruk en annen e-postadresse.",
    },
  },
  {
    what: "an account with above-default rights",
    email: demoSpecialAccounts.staff.email,
    password: DEMO_PASSWORD,
    text: {
      en: "User already exists and has above default rights.",
      da: "Brugeren findes allerede og har udvidede rettigheder.",
      nb: "Brukeren finnes allerede og har utvidede rettigheter.",
    },
  },
  {
    what: "a deactivated account",
    email: demoAccounts.inactive.email,
    password: DEMO_PASSWORD,
    text: {
      en: "This account has been deactivated. Please contact your landlord if you need access.",
      da: "Denne konto er deaktiveret. Kontakt din udlejer, hvis du har brug for adgang.",
      nb: "Denne kontoen er deaktivert. Kontakt utleieren din hvis du trenger tilgang.",
    },
  },
] as const;
