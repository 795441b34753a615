import type { Language } from "@common/languages";

/**
 * The data policy and cookie policy (spec section 2, standalone pages), in every language.
 * Deployments replace the controller details through their landlord agreement; the structure
 * (sections of paragraphs) is the same in every language, which a test checks.
 */
export interface PolicySection {
  heading: string;
  paragraphs: string[];
}

export type PolicyKind = "data" | "cookie";

export const policies: Record<PolicyKind, Record<Language, PolicySection[]>> = {
  data: {
    en: [
      {
        heading: "Who is responsible",
        paragraphs: [
          "Your landlord or property manager is the data controller for the consumption data of your home. We process the data on their behalf to show it to you in this portal and its apps.",
        ],
      },
      {
        heading: "What we process",
        paragraphs: [
          "Your name, e-mail address, language and the tenancies you hold; the readings of the meters and sensors in your home (heat, water, electricity, gas, cooling, indoor temperature and humidity) from the day you moved in until you move out; your alarms and notification settings.",
          "We never show you the consumption of the tenant before or after you, and no one else sees the consumption of your home. Averages for your building are computed so that no single home can be recognised.",
        ],
      },
      {
        heading: "Why",
        paragraphs: [
          "To show you your consumption and indoor climate, compare it, send the alarms and reports you ask for, and support you when you contact us. The legal basis is the agreement between you and your landlord and your landlord's legal duty to allocate heating and water costs.",
        ],
      },
      {
        heading: "How long",
        paragraphs: [
          "Readings are kept as long as the law on cost allocation requires (typically five years). When you delete your account, your profile is deleted at once; readings stay with the home for the landlord's statements.",
        ],
      },
      {
        heading: "Your rights",
        paragraphs: [
          "You may see, correct and delete your data, object to its processing and take it with you. Contact your landlord or property manager, or the support address in the app. You may complain to the data protection authority (Datatilsynet).",
        ],
      },
    ],
    da: [
      {
        heading: "Hvem er ansvarlig",
        paragraphs: [
          "Din udlejer eller administrator er dataansvarlig for forbrugsdata for dit hjem. Vi behandler data på deres vegne for at vise dem til dig i denne portal og dens apps.",
        ],
      },
      {
        heading: "Hvad vi behandler",
        paragraphs: [
          "Dit navn, din e-mailadresse, dit sprog og de lejemål, du har; aflæsningerne fra målere og sensorer i dit hjem (varme, vand, el, gas, køling, indetemperatur og luftfugtighed) fra den dag, du flyttede ind, til du flytter; dine alarmer og indstillinger for beskeder.",
          "Vi viser dig aldrig forbruget hos lejeren før eller efter dig, og ingen andre ser dit hjems forbrug. Gennemsnit for din ejendom beregnes, så intet enkelt hjem kan genkendes.",
        ],
      },
      {
        heading: "Hvorfor",
        paragraphs: [
          "For at vise dig dit forbrug og indeklima, sammenligne det, sende de alarmer og rapporter, du beder om, og hjælpe dig, når du kontakter os. Retsgrundlaget er aftalen mellem dig og din udlejer og udlejers lovpligtige fordeling af varme- og vandudgifter.",
        ],
      },
      {
        heading: "Hvor længe",
        paragraphs: [
          "Aflæsninger gemmes så længe, som reglerne om fordelingsregnskaber kræver (typisk fem år). Når du sletter din konto, slettes din profil med det samme; aflæsninger bliver ved boligen til udlejers regnskaber.",
        ],
      },
      {
        heading: "Dine rettigheder",
        paragraphs: [
          "Du kan se, rette og slette dine data, gøre indsigelse mod behandlingen og tage dine data med dig. Kontakt din udlejer eller administrator eller supportadressen i appen. Du kan klage til Datatilsynet.",
        ],
      },
    ],
    nb: [
      {
        heading: "Hvem som er ansvarlig",
        paragraphs: [
          "Utleier eller forvalter er behandlingsansvarlig for forbruksdata for hjemmet ditt. Vi behandler dataene på deres vegne for å vise dem til deg i denne portalen og appene.",
        ],
      },
      {
        heading: "Hva vi behandler",
        paragraphs: [
          "Navnet ditt, e-postadressen, språket og leieforholdene dine; avlesningene fra målere og sensorer i hjemmet (varme, vann, strøm, gass, kjøling, innetemperatur og luftfuktighet) fra dagen du flyttet inn til du flytter ut; alarmene og varslingsinnstillingene dine.",
          "Vi viser deg aldri forbruket til leietakeren før eller etter deg, og ingen andre ser forbruket i hjemmet ditt. Gjennomsnitt for bygningen beregnes slik at ingen enkelt bolig kan gjenkjennes.",
        ],
      },
      {
        heading: "Hvorfor",
        paragraphs: [
          "For å vise deg forbruket og inneklimaet, sammenligne det, sende alarmene og rapportene du ber om, og hjelpe deg når du kontakter oss. Rettsgrunnlaget er avtalen mellom deg og utleier og utleiers lovpålagte fordeling av varme- og vannutgifter.",
        ],
      },
      {
        heading: "Hvor lenge",
        paragraphs: [
          "Avlesninger lagres så lenge reglene for kostnadsfordeling krever (vanligvis fem år). Når du sletter kontoen, slettes profilen din med en gang; avlesningene blir værende med boligen for utleiers regnskap.",
        ],
      },
      {
        heading: "Dine rettigheter",
        paragraphs: [
          "Du kan se, rette og slette dataene dine, protestere mot behandlingen og ta dataene med deg. Kontakt utleier eller forvalter, eller supportadressen i appen. Du kan klage til Datatilsynet.",
        ],
      },
    ],
  },
  cookie: {
    en: [
      {
        heading: "Necessary cookies",
        paragraphs: [
          "__session keeps you signed in (until you log out, or 30 days with 'remember me'). lng remembers your language for a year. toast carries a one-time message to the next page. device remembers that this browser has signed in to your account before, so that others' failed attempts cannot lock you out. They need no consent.",
        ],
      },
      {
        heading: "Your choice",
        paragraphs: [
          "cookieAccepted stores your answer to the cookie banner for one year: true if you chose OK, false if you rejected. Only with OK may the portal measure how it is used, through the landlord's tag manager if one is set up.",
          "To change your mind, delete the portal's cookies in your browser; the banner then asks again.",
        ],
      },
    ],
    da: [
      {
        heading: "Nødvendige cookies",
        paragraphs: [
          "__session holder dig logget ind (indtil du logger ud, eller 30 dage med 'husk mig'). lng husker dit sprog i et år. toast bærer en engangsbesked til den næste side. device husker, at denne browser har været logget ind på din konto før, så andres mislykkede forsøg ikke kan låse dig ude. De kræver ikke samtykke.",
        ],
      },
      {
        heading: "Dit valg",
        paragraphs: [
          "cookieAccepted gemmer dit svar på cookiebanneret i et år: true, hvis du valgte OK, false, hvis du afviste. Kun med OK må portalen måle, hvordan den bruges, gennem udlejers tag manager, hvis en sådan er sat op.",
          "Vil du ændre dit valg, så slet portalens cookies i din browser; så spørger banneret igen.",
        ],
      },
    ],
    nb: [
      {
        heading: "Nødvendige informasjonskapsler",
        paragraphs: [
          "__session holder deg innlogget (til du logger ut, eller 30 dager med «husk meg»). lng husker språket ditt i ett år. toast bærer en engangsmelding til neste side. device husker at denne nettleseren har vært logget inn på kontoen din før, slik at andres mislykkede forsøk ikke kan låse deg ute. De krever ikke samtykke.",
        ],
      },
      {
        heading: "Ditt valg",
        paragraphs: [
          "cookieAccepted lagrer svaret ditt på banneret i ett år: true hvis du valgte OK, false hvis du avviste. Bare med OK kan portalen måle hvordan den brukes, gjennom utleiers tag manager hvis en slik er satt opp.",
          "Vil du endre valget, sletter du portalens informasjonskapsler i nettleseren; da spør banneret igjen.",
        ],
      },
    ],
  },
};
