import type { Language } from "@common/languages";

/**
 * The prose of the help page, /t/{tenancyId}/help (spec sections 2, 4 and 9), in every
 * language. Only what the page says on its own: the eight help topics of the `?help=` dialogs are
 * rendered from their translation keys (help.*), and the property's contact comes from the loader.
 * The structure (section and subsection ids, the anchors of the page) is the same in every
 * language, which a test checks.
 */
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

/** The anchors of the help topics (help.<topic> in the locales) on the page. */
export const helpTopicAnchor = (topic: string) => `help-${topic}`;
export const topicsAnchor = "help-topics";
export const contactAnchor = "contact";

export const helpPage: Record<Language, HelpPageContent> = {
  en: {
    title: "Help",
    intro:
      "This page explains what you see in the portal, how to save energy, how alarms work and whom to ask. The help topics further down are the same short explanations the question-mark buttons open on each page.",
    tocLabel: "On this page",
    sections: [
      {
        id: "views",
        heading: "How to read each view",
        paragraphs: [
          "Every view shows the consumption of your own home, measured by the meters in it. Choose a view in the side menu; a question-mark button next to a heading opens help on just that part.",
        ],
        subsections: [
          {
            id: "view-dashboard",
            heading: "The overview",
            paragraphs: [
              "The overview is the first page you see after signing in. At the top is your consumption rating: a letter from A+ to G for the last 365 days (see Consumption rating under Help topics).",
              "Your consumption lists each kind of meter in your home – heating, hot and cold water, electricity and so on – with the consumption of the last 30 days and a smiley comparing it with the 30 days before. Indoor climate shows today's average temperature and humidity so far, and under Latest allocation statement you can download the newest statement and find all earlier ones.",
            ],
          },
          {
            id: "view-consumption",
            heading: "The consumption pages",
            paragraphs: [
              "Each kind of consumption has its own page under Consumption in the side menu. At the top you choose the period: a preset such as this month, the last 365 days, since moving in or the billing year – or your own start and end dates. The arrows step to the previous or next period of the same length.",
              "Under Compare with you can set the period against the previous period, the same period last year or the average of the homes in the property. The chart picks its resolution from the length of the period – hours for a single day, days for up to a month, weeks for up to a year and months for longer periods. Below every chart, Show the numbers as a table gives you the same figures as a table.",
              "The Overview tab sums up the period in key figures with comparison smileys and shows the consumption per room and per meter. The Detailed tab lists all meters in a table, grouped by meter or by room and at the resolution you choose; here you can also rename rooms. From both tabs you can set up a new alarm.",
            ],
          },
          {
            id: "view-price",
            heading: "Price and CO₂",
            paragraphs: [
              "The Price and CO₂ view turns consumption into money and emissions. Cost shows the prices that apply in the period and, for heating, an estimate from each hour's electricity market price. CO₂ shows the footprint from your property's CO₂ factor, for the whole home or per m², with a few everyday comparisons. Both are estimates – your allocation statement is what you pay.",
            ],
          },
          {
            id: "view-rooms",
            heading: "Rooms",
            paragraphs: [
              "A room page shows the sum of the meters in that room and which meters they are. It is compared with the previous period by default, because a room cannot be compared with the property average.",
            ],
          },
          {
            id: "view-meters",
            heading: "Meters",
            paragraphs: [
              "A meter page shows a single meter with its number and room, its consumption in the period and its last readout, so you can hold the figure up against the meter's own display.",
            ],
          },
          {
            id: "view-indoor-climate",
            heading: "Indoor climate",
            paragraphs: [
              "Indoor climate shows the temperature and relative humidity measured in your home, as an average for the period and per room. A happy smiley means a comfortable temperature or healthy humidity, a neutral one that it is a little too cold, warm, dry or damp, and a sad one that it is too far off. The exact ranges are under Indoor climate tips below.",
            ],
          },
          {
            id: "view-meter-list",
            heading: "Meter list",
            paragraphs: [
              "The meter list shows every meter in your home, grouped by kind of consumption, with its room, its latest reading and its first and last readings in the chosen period. You can also download your readings per hour or per day as a CSV file for a spreadsheet.",
            ],
          },
          {
            id: "view-statements",
            heading: "Allocation statements",
            paragraphs: [
              "Allocation statements show your share of the property's heating and water costs for each billing period, as your landlord settles them. The newest is at the top, and you can download each one as a file. The menu shows this entry only when there are statements on your account.",
            ],
          },
          {
            id: "view-report",
            heading: "Monthly report by e-mail",
            paragraphs: [
              "Every month you can receive a consumption report by e-mail that compares the month with the same month last year and with the average home in your building. The link in the e-mail opens the report without signing in, and you can download it as a PDF. If you move in during the year, the first report comes the month after you move in.",
            ],
          },
        ],
      },
      {
        id: "save-energy",
        heading: "Save energy",
        paragraphs: [
          "The ideal indoor temperature is about 21 °C. Every degree lower saves 5–6 % of the energy for heating, so turning down from 23 to 21 °C saves roughly a tenth of your heating.",
        ],
        subsections: [
          {
            id: "save-heating",
            heading: "Heating",
            paragraphs: [
              "Leave the radiator thermostats at a steady setting instead of turning them all the way up and down, and keep furniture and long curtains away from the radiators. Turn the heat down in rooms you do not use, but not so far that they become cold and damp.",
            ],
          },
          {
            id: "save-airing",
            heading: "Airing",
            paragraphs: [
              "Air out briefly two or three times a day: open the windows wide for 5–10 minutes with the radiators turned down, then close them again. A short draught changes the air without cooling the walls and furniture, whereas a window left ajar all day simply lets the heat out.",
            ],
          },
          {
            id: "save-hot-water",
            heading: "Hot water",
            paragraphs: ["Hot water costs both the water and the energy to heat it."],
            list: [
              "Take shorter showers – one minute less saves about 10 litres of hot water.",
              "Use a water-saving shower head.",
              "Do not leave the tap running while you wash up or brush your teeth.",
              "Start the dishwasher and the washing machine only when they are full.",
              "Report dripping taps and running toilets to the property's contact – they can waste many litres a day.",
            ],
          },
          {
            id: "save-follow",
            heading: "See the effect",
            paragraphs: [
              "Follow the effect on the consumption pages: compare with the previous year to see the difference, and set up an alarm that tells you when your consumption goes up.",
            ],
          },
        ],
      },
      {
        id: "alarms",
        heading: "How alarms work",
        paragraphs: [
          "An alarm watches one kind of consumption or the indoor climate of your home and tells you when something needs your attention – a running toilet, a leaking pipe, or a home that gets too cold or damp. Set up alarms under Alarm settings in the side menu, or with Set up a new alarm on a consumption page.",
        ],
        subsections: [
          {
            id: "alarm-types",
            heading: "Types of alarm",
            paragraphs: ["You can choose between these types:"],
            list: [
              "Total: the consumption over the period is above a limit you set.",
              "Increase: the consumption rises by at least a percentage you set compared with the previous period of the same length.",
              "Zero consumption: there is any consumption at all – for a home that should use nothing, such as an empty flat. The limit is fixed at 0.",
              "Minimum and Maximum (indoor climate): the period's average temperature or humidity is below or above a level you set.",
            ],
          },
          {
            id: "alarm-frequency",
            heading: "Frequency",
            paragraphs: [
              "An alarm checks one period at a time: every day, every week (Monday to Sunday), every month or every year. Each period is checked once it has ended, in Danish time, so a weekly alarm looks at the week just gone once Sunday is over.",
              "Each alarm fires at most once per period: when the limit is passed you are told once for that period, not again and again. An alarm that is turned off checks nothing.",
            ],
          },
          {
            id: "alarm-notifications",
            heading: "Notifications",
            paragraphs: [
              "When an alarm fires you get a notification in the portal with the measured value, your limit and a link to the consumption in that period. If e-mail notifications are turned on in your profile settings, you also get it by e-mail. The notifications stay even if you delete the alarm.",
            ],
          },
        ],
      },
    ],
    topicsHeading: "Help topics",
    topicsIntro: "The short explanations that the question-mark buttons open on each page.",
    co2Note:
      "On the Price and CO₂ view, the footprint of the chosen period is also compared with everyday things: kilometres driven in a petrol car, phone charges, and how many trees it takes a whole year to bind it.",
    contactHeading: "Contact",
    contactIntro:
      "Questions about your home, your bill or the meters go to your property's contact below – usually your landlord or property manager. The same goes if something in the portal does not work; they will make sure it reaches the right people.",
    noContact:
      "Your landlord has not given contact details to the portal yet. Please use the contact details in your lease or on the notice board in your building.",
    emailLabel: "E-mail",
    phoneLabel: "Phone",
  },

  da: {
    title: "Hjælp",
    intro:
      "Her kan du læse, hvad du ser i portalen, hvordan du sparer energi, hvordan alarmer virker, og hvem du kan kontakte. Hjælpeemnerne længere nede er de samme korte forklaringer, som spørgsmålstegnene på siderne åbner.",
    tocLabel: "På denne side",
    sections: [
      {
        id: "views",
        heading: "Sådan læser du visningerne",
        paragraphs: [
          "Alle visninger viser forbruget i din egen bolig, målt af målerne i den. Du vælger visning i sidemenuen, og et spørgsmålstegn ved en overskrift åbner hjælp til netop den del.",
        ],
        subsections: [
          {
            id: "view-dashboard",
            heading: "Overblikket",
            paragraphs: [
              "Overblikket er den første side, du ser, når du logger ind. Øverst står din forbrugsvurdering: et bogstav fra A+ til G for de seneste 365 dage (se Forbrugsvurdering under Hjælpeemner).",
              "Under Dit forbrug står hver slags måler i boligen – varme, varmt og koldt vand, el og så videre – med forbruget de seneste 30 dage og en smiley, der sammenligner med de 30 dage før. Indeklima viser dagens gennemsnitlige temperatur og luftfugtighed indtil nu, og under Seneste fordelingsregnskab kan du hente det nyeste regnskab og finde alle de tidligere.",
            ],
          },
          {
            id: "view-consumption",
            heading: "Forbrugssiderne",
            paragraphs: [
              "Hver slags forbrug har sin egen side under Forbrug i sidemenuen. Øverst vælger du periode: en fast periode som denne måned, de seneste 365 dage, siden indflytning eller regnskabsåret – eller dine egne start- og slutdatoer. Med pilene går du til forrige eller næste periode af samme længde.",
              "Under Sammenlign med kan du holde perioden op mod forrige periode, samme periode sidste år eller gennemsnittet af boligerne i ejendommen. Diagrammet vælger selv opløsning efter periodens længde – timer for et enkelt døgn, dage for op til en måned, uger for op til et år og måneder for længere perioder. Under hvert diagram kan du vælge Vis tallene som tabel og få de samme tal i en tabel.",
              "Fanen Overblik samler perioden i nøgletal med sammenlignings-smileys og viser forbruget pr. rum og pr. måler. Fanen Detaljeret viser alle målere i en tabel, grupperet efter måler eller rum og med den opløsning, du vælger; her kan du også omdøbe rum. Fra begge faner kan du oprette en ny alarm.",
            ],
          },
          {
            id: "view-price",
            heading: "Pris og CO₂",
            paragraphs: [
              "Visningen Pris og CO₂ omsætter forbruget til kroner og udledning. Under Pris ser du de priser, der gælder i perioden, og for varme en prisberegning ud fra hver times markedspris på el. Under CO₂ ser du aftrykket ud fra ejendommens CO₂-faktor, for hele boligen eller pr. m², med et par sammenligninger fra hverdagen. Begge dele er skøn – det er fordelingsregnskabet, du betaler efter.",
            ],
          },
          {
            id: "view-rooms",
            heading: "Rum",
            paragraphs: [
              "En rumside viser summen af målerne i rummet, og hvilke målere det drejer sig om. Som udgangspunkt sammenlignes der med forrige periode, fordi et rum ikke kan sammenlignes med ejendommens gennemsnit.",
            ],
          },
          {
            id: "view-meters",
            heading: "Målere",
            paragraphs: [
              "En målerside viser én måler med dens nummer og rum, forbruget i perioden og den seneste aflæsning, så du kan holde tallet op mod målerens eget display.",
            ],
          },
          {
            id: "view-indoor-climate",
            heading: "Indeklima",
            paragraphs: [
              "Indeklima viser temperaturen og den relative luftfugtighed i din bolig som gennemsnit for perioden og pr. rum. En glad smiley betyder behagelig temperatur eller sund luftfugtighed, en neutral, at det er lidt for koldt, varmt, tørt eller fugtigt, og en sur, at det ligger for langt fra. De præcise grænser står under Gode råd om indeklima nedenfor.",
            ],
          },
          {
            id: "view-meter-list",
            heading: "Måleroversigt",
            paragraphs: [
              "Måleroversigten viser alle målere i boligen, ordnet efter slags forbrug, med rum, seneste aflæsning og første og sidste aflæsning i den valgte periode. Du kan også hente dine målinger pr. time eller pr. dag som en CSV-fil til et regneark.",
            ],
          },
          {
            id: "view-statements",
            heading: "Fordelingsregnskaber",
            paragraphs: [
              "Fordelingsregnskaberne viser din andel af ejendommens udgifter til varme og vand for hver afregningsperiode, sådan som din udlejer gør dem op. Det nyeste står øverst, og du kan hente hvert regnskab som en fil. Punktet vises kun i menuen, når der er regnskaber på din konto.",
            ],
          },
          {
            id: "view-report",
            heading: "Månedlig rapport på e-mail",
            paragraphs: [
              "Hver måned kan du få en forbrugsrapport på e-mail, der sammenligner måneden med samme måned sidste år og med en gennemsnitsbolig i ejendommen. Linket i e-mailen åbner rapporten uden login, og du kan hente den som PDF. Flytter du ind i løbet af året, kommer den første rapport måneden efter indflytningen.",
            ],
          },
        ],
      },
      {
        id: "save-energy",
        heading: "Spar på energien",
        paragraphs: [
          "Den ideelle indetemperatur er omkring 21 °C. Hver grad lavere sparer 5–6 % af energien til varme, så skruer du ned fra 23 til 21 °C, sparer du omkring en tiendedel af varmen.",
        ],
        subsections: [
          {
            id: "save-heating",
            heading: "Varme",
            paragraphs: [
              "Lad termostaterne stå på en fast indstilling i stedet for at skrue helt op og ned, og hold møbler og lange gardiner væk fra radiatorerne. Skru ned i rum, du ikke bruger, men ikke så meget, at de bliver kolde og fugtige.",
            ],
          },
          {
            id: "save-airing",
            heading: "Udluftning",
            paragraphs: [
              "Luft kort ud to-tre gange om dagen: åbn vinduerne helt i 5–10 minutter med radiatorerne skruet ned, og luk dem igen. Et kort gennemtræk skifter luften uden at køle vægge og møbler ned, mens et vindue på klem hele dagen bare lukker varmen ud.",
            ],
          },
          {
            id: "save-hot-water",
            heading: "Varmt vand",
            paragraphs: ["Varmt vand koster både selve vandet og energien til at varme det op."],
            list: [
              "Tag kortere bade – ét minut kortere sparer omkring 10 liter varmt vand.",
              "Brug et vandbesparende bruserhoved.",
              "Lad ikke vandet løbe, mens du vasker op eller børster tænder.",
              "Sæt først opvaskemaskinen og vaskemaskinen i gang, når de er fyldt.",
              "Meld dryppende haner og løbende toiletter til ejendommens kontakt – de kan koste mange liter i døgnet.",
            ],
          },
          {
            id: "save-follow",
            heading: "Se effekten",
            paragraphs: [
              "Følg effekten på forbrugssiderne: sammenlign med sidste år for at se forskellen, og opret en alarm, der giver besked, når forbruget stiger.",
            ],
          },
        ],
      },
      {
        id: "alarms",
        heading: "Sådan virker alarmer",
        paragraphs: [
          "En alarm holder øje med én slags forbrug eller med indeklimaet i din bolig og giver dig besked, når noget kræver din opmærksomhed – et løbende toilet, et utæt rør eller en bolig, der bliver for kold eller fugtig. Du opretter alarmer under Alarmindstillinger i sidemenuen eller med Opret en ny alarm på en forbrugsside.",
        ],
        subsections: [
          {
            id: "alarm-types",
            heading: "Alarmtyper",
            paragraphs: ["Du kan vælge mellem disse typer:"],
            list: [
              "Total: forbruget i perioden er over en grænse, du selv sætter.",
              "Stigning: forbruget stiger med mindst en procentdel, du selv sætter, i forhold til den lige så lange periode før.",
              "Nulforbrug: der er overhovedet noget forbrug – til en bolig, der ikke skal bruge noget, fx en tom lejlighed. Grænsen er fast 0.",
              "Minimum og maksimum (indeklima): periodens gennemsnitlige temperatur eller luftfugtighed er under eller over et niveau, du selv sætter.",
            ],
          },
          {
            id: "alarm-frequency",
            heading: "Hyppighed",
            paragraphs: [
              "En alarm tjekker én periode ad gangen: hver dag, hver uge (mandag til søndag), hver måned eller hvert år. Perioden tjekkes, når den er slut, i dansk tid – en ugealarm ser altså på den forløbne uge, når søndagen er omme.",
              "Hver alarm udløses højst én gang pr. periode: er grænsen overskredet, får du besked én gang for den periode – ikke igen og igen. En alarm, der er slået fra, tjekker ingenting.",
            ],
          },
          {
            id: "alarm-notifications",
            heading: "Notifikationer",
            paragraphs: [
              "Når en alarm udløses, får du en notifikation i portalen med den målte værdi, din grænse og et link til forbruget i perioden. Har du slået e-mailnotifikationer til i dine profilindstillinger, får du den også på e-mail. Notifikationerne bliver liggende, selv om du sletter alarmen.",
            ],
          },
        ],
      },
    ],
    topicsHeading: "Hjælpeemner",
    topicsIntro: "De korte forklaringer, som spørgsmålstegnene på de enkelte sider åbner.",
    co2Note:
      "I visningen Pris og CO₂ sammenlignes aftrykket for den valgte periode også med ting fra hverdagen: kilometer i en benzinbil, opladninger af en telefon, og hvor mange træer der skal bruge et helt år på at binde det.",
    contactHeading: "Kontakt",
    contactIntro:
      "Spørgsmål om din bolig, din regning eller målerne skal rettes til ejendommens kontakt nedenfor – som regel din udlejer eller administrator. Det gælder også, hvis noget i portalen ikke virker; så sørger de for, at sagen kommer videre til de rette.",
    noContact:
      "Din udlejer har endnu ikke givet portalen sine kontaktoplysninger. Brug i stedet kontaktoplysningerne i din lejekontrakt eller på opslagstavlen i opgangen.",
    emailLabel: "E-mail",
    phoneLabel: "Telefon",
  },

  nb: {
    title: "Hjelp",
    intro:
      "Her kan du lese hva du ser i portalen, hvordan du kan spare energi, hvordan alarmer fungerer, og hvem du kan kontakte. Hjelpeemnene lenger ned er de samme korte forklaringene som spørsmålstegnene på sidene åpner.",
    tocLabel: "På denne siden",
    sections: [
      {
        id: "views",
        heading: "Slik leser du visningene",
        paragraphs: [
          "Alle visningene viser forbruket i din egen bolig, målt av målerne der. Du velger visning i sidemenyen, og et spørsmålstegn ved en overskrift åpner hjelp til akkurat den delen.",
        ],
        subsections: [
          {
            id: "view-dashboard",
            heading: "Oversikten",
            paragraphs: [
              "Oversikten er den første siden du ser når du logger inn. Øverst står forbruksvurderingen din: en bokstav fra A+ til G for de siste 365 dagene (se Forbruksvurdering under Hjelpeemner).",
              "Under Ditt forbruk står hver type måler i boligen – varme, varmt- og kaldtvann, strøm og så videre – med forbruket de siste 30 dagene og en smiley som sammenligner med de 30 dagene før. Inneklima viser dagens gjennomsnittlige temperatur og luftfuktighet så langt, og under Siste fordelingsregnskap kan du laste ned det nyeste oppgjøret og finne alle de tidligere.",
            ],
          },
          {
            id: "view-consumption",
            heading: "Forbrukssidene",
            paragraphs: [
              "Hver type forbruk har sin egen side under Forbruk i sidemenyen. Øverst velger du periode: en fast periode som denne måneden, de siste 365 dagene, siden innflytting eller avregningsåret – eller dine egne start- og sluttdatoer. Med pilene går du til forrige eller neste periode av samme lengde.",
              "Under Sammenlign med kan du stille perioden opp mot forrige periode, samme periode i fjor eller gjennomsnittet av boligene i eiendommen. Diagrammet velger selv oppløsning etter hvor lang perioden er – timer for ett døgn, dager for opptil en måned, uker for opptil et år og måneder for lengre perioder. Under hvert diagram kan du velge Vis tallene som tabell og få de samme tallene i en tabell.",
              "Fanen Oversikt samler perioden i nøkkeltall med sammenligningssmileys og viser forbruket per rom og per måler. Fanen Detaljert viser alle målerne i en tabell, gruppert etter måler eller rom og med oppløsningen du velger; her kan du også gi rom nytt navn. Fra begge fanene kan du opprette en ny alarm.",
            ],
          },
          {
            id: "view-price",
            heading: "Pris og CO₂",
            paragraphs: [
              "Visningen Pris og CO₂ gjør forbruket om til kroner og utslipp. Under Kostnad ser du prisene som gjelder i perioden, og for varme en kostnadsberegning ut fra hver times markedspris på strøm. Under CO₂ ser du avtrykket ut fra eiendommens CO₂-faktor, for hele boligen eller per m², med noen sammenligninger fra hverdagen. Begge deler er anslag – det er fordelingsoppgjøret du betaler etter.",
            ],
          },
          {
            id: "view-rooms",
            heading: "Rom",
            paragraphs: [
              "En romside viser summen av målerne i rommet og hvilke målere det gjelder. Som standard sammenlignes det med forrige periode, fordi et rom ikke kan sammenlignes med eiendommens gjennomsnitt.",
            ],
          },
          {
            id: "view-meters",
            heading: "Målere",
            paragraphs: [
              "En målerside viser én måler med nummer og rom, forbruket i perioden og siste avlesning, slik at du kan sammenligne tallet med det som står på målerens eget display.",
            ],
          },
          {
            id: "view-indoor-climate",
            heading: "Inneklima",
            paragraphs: [
              "Inneklima viser temperaturen og den relative luftfuktigheten i boligen som gjennomsnitt for perioden og per rom. En glad smiley betyr behagelig temperatur eller sunn luftfuktighet, en nøytral at det er litt for kaldt, varmt, tørt eller fuktig, og en sur at det ligger for langt unna. De nøyaktige grensene står under Gode råd om inneklima nedenfor.",
            ],
          },
          {
            id: "view-meter-list",
            heading: "Måleroversikt",
            paragraphs: [
              "Måleroversikten viser alle målerne i boligen, ordnet etter type forbruk, med rom, siste avlesning og første og siste avlesning i den valgte perioden. Du kan også laste ned målingene dine per time eller per dag som en CSV-fil for et regneark.",
            ],
          },
          {
            id: "view-statements",
            heading: "Fordelingsregnskap",
            paragraphs: [
              "Fordelingsregnskapet viser din andel av eiendommens utgifter til varme og vann for hver avregningsperiode, slik utleieren gjør dem opp. Det nyeste står øverst, og du kan laste ned hvert oppgjør som en fil. Menypunktet vises bare når det finnes regnskap på kontoen din.",
            ],
          },
          {
            id: "view-report",
            heading: "Månedlig rapport på e-post",
            paragraphs: [
              "Hver måned kan du få en forbruksrapport på e-post som sammenligner måneden med samme måned i fjor og med en gjennomsnittsbolig i eiendommen. Lenken i e-posten åpner rapporten uten innlogging, og du kan laste den ned som PDF. Flytter du inn i løpet av året, kommer den første rapporten måneden etter innflyttingen.",
            ],
          },
        ],
      },
      {
        id: "save-energy",
        heading: "Spar energi",
        paragraphs: [
          "Den ideelle innetemperaturen er rundt 21 °C. Hver grad lavere sparer 5–6 % av energien til oppvarming, så skrur du ned fra 23 til 21 °C, sparer du omtrent en tidel av varmen.",
        ],
        subsections: [
          {
            id: "save-heating",
            heading: "Oppvarming",
            paragraphs: [
              "La termostatene stå på en fast innstilling i stedet for å skru helt opp og ned, og hold møbler og lange gardiner unna radiatorene. Skru ned i rom du ikke bruker, men ikke så mye at de blir kalde og fuktige.",
            ],
          },
          {
            id: "save-airing",
            heading: "Lufting",
            paragraphs: [
              "Luft kort ut to–tre ganger om dagen: åpne vinduene helt i 5–10 minutter med radiatorene skrudd ned, og lukk dem igjen. Et kort gjennomtrekk skifter ut lufta uten å kjøle ned vegger og møbler, mens et vindu på gløtt hele dagen bare slipper varmen ut.",
            ],
          },
          {
            id: "save-hot-water",
            heading: "Varmtvann",
            paragraphs: ["Varmtvann koster både selve vannet og energien til å varme det opp."],
            list: [
              "Ta kortere dusjer – ett minutt kortere sparer omtrent 10 liter varmtvann.",
              "Bruk et vannsparende dusjhode.",
              "Ikke la vannet renne mens du vasker opp eller pusser tennene.",
              "Start oppvaskmaskinen og vaskemaskinen først når de er fulle.",
              "Meld fra om dryppende kraner og toaletter som renner, til eiendommens kontakt – de kan koste mange liter i døgnet.",
            ],
          },
          {
            id: "save-follow",
            heading: "Se effekten",
            paragraphs: [
              "Følg med på forbrukssidene: sammenlign med i fjor for å se forskjellen, og opprett en alarm som varsler deg når forbruket øker.",
            ],
          },
        ],
      },
      {
        id: "alarms",
        heading: "Slik fungerer alarmer",
        paragraphs: [
          "En alarm holder øye med én type forbruk eller med inneklimaet i boligen og varsler deg når noe trenger oppmerksomhet – et toalett som renner, et lekk rør eller en bolig som blir for kald eller fuktig. Du oppretter alarmer under Alarminnstillinger i sidemenyen eller med Opprett en ny alarm på en forbruksside.",
        ],
        subsections: [
          {
            id: "alarm-types",
            heading: "Alarmtyper",
            paragraphs: ["Du kan velge mellom disse typene:"],
            list: [
              "Totalt: forbruket i perioden er over en grense du setter selv.",
              "Økning: forbruket øker med minst en prosentandel du setter selv, sammenlignet med den like lange perioden før.",
              "Nullforbruk: det er noe forbruk i det hele tatt – for en bolig som ikke skal bruke noe, for eksempel en tom leilighet. Grensen er fast 0.",
              "Minimum og maksimum (inneklima): periodens gjennomsnittlige temperatur eller luftfuktighet er under eller over et nivå du setter selv.",
            ],
          },
          {
            id: "alarm-frequency",
            heading: "Hyppighet",
            paragraphs: [
              "En alarm sjekker én periode om gangen: hver dag, hver uke (mandag til søndag), hver måned eller hvert år. Perioden sjekkes når den er over, i dansk tid – en ukealarm ser altså på uka som har gått, når søndagen er omme.",
              "Hver alarm utløses høyst én gang per periode: er grensen passert, får du beskjed én gang for den perioden – ikke igjen og igjen. En alarm som er slått av, sjekker ingenting.",
            ],
          },
          {
            id: "alarm-notifications",
            heading: "Varsler",
            paragraphs: [
              "Når en alarm utløses, får du et varsel i portalen med den målte verdien, grensen din og en lenke til forbruket i perioden. Har du slått på e-postvarsler i profilinnstillingene, får du det også på e-post. Varslene blir liggende selv om du sletter alarmen.",
            ],
          },
        ],
      },
    ],
    topicsHeading: "Hjelpeemner",
    topicsIntro: "De korte forklaringene som spørsmålstegnene på de enkelte sidene åpner.",
    co2Note:
      "I visningen Pris og CO₂ sammenlignes avtrykket for den valgte perioden også med ting fra hverdagen: kilometer med bensinbil, ladinger av en telefon og hvor mange trær som trengs et helt år for å binde det.",
    contactHeading: "Kontakt",
    contactIntro:
      "Spørsmål om boligen, regningen eller målerne går til eiendommens kontakt nedenfor – som regel utleieren eller forvalteren din. Det gjelder også hvis noe i portalen ikke virker; da sørger de for at saken kommer videre til rett sted.",
    noContact:
      "Utleieren din har ennå ikke gitt portalen kontaktopplysninger. Bruk i stedet kontaktopplysningene i leiekontrakten eller på oppslagstavla i oppgangen.",
    emailLabel: "E-post",
    phoneLabel: "Telefon",
  },
};
