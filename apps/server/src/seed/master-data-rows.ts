import type { Judgement } from '@keurwijzer/shared/compliance';
import type { InspectionType } from '@keurwijzer/shared/questionnaires';

/* The demo's master data as rows: brands, machine types, the question bank, intervals and questionnaires (seeded by master-data.ts). */

export const BRANDS: Record<string, string[]> = {
  'Atlas Copco': ['GA 11', 'GA 30 VSD', 'G 7 FF', 'XAS 58'],
  Makita: ['DHP482', 'HR2470', 'LS1019L', 'DGA504'],
  Kaeser: ['SK 22', 'ASD 40', 'Aircenter SX 6'],
  Still: ['RX 20-16', 'RX 60-25', 'EXU 18'],
  Jungheinrich: ['EFG 216', 'ETV 214', 'EJE 116'],
  Festool: ['TS 55 FEBQ', 'Kapex KS 120', 'Domino DF 500'],
  Bosch: ['GBH 2-26', 'GSR 18V-55', 'PBD 40'],
  Metabo: ['KGS 305 M', 'BS 18 LT', 'TS 254'],
  Optimum: ['DH 28GS', 'B 30BV', 'OPTIturn TU 2807'],
  Hilti: ['TE 30-A36', 'DD 150-U', 'SF 6H-A22'],
};

export const MACHINE_TYPES = [
  'Compressor',
  'Heftruck',
  'Kolomboormachine',
  'Zaagmachine',
  'Draaibank',
  'Handgereedschap elektrisch',
  'Hoogwerker',
  'Stapelaar',
];

export const OPTIONS = {
  quality: ['Goed', 'Matig', 'Slecht', 'n.v.t.'],
  okNok: ['In orde', 'Niet in orde', 'n.v.t.'],
  yesNo: ['Ja', 'Nee'],
  measured: ['Voldoet', 'Voldoet niet', 'Niet gemeten'],
};

/**
 * The judgement of each option of an option set (the same order), set explicitly rather than
 * left to the database's default by label: Goed/Matig/Slecht/n.v.t. are good/remark/reject/na,
 * Niet in orde is an Afkeur, a plain "Nee" an Opmerking unless a question says otherwise.
 */
export const JUDGEMENTS: Record<keyof typeof OPTIONS, Judgement[]> = {
  quality: ['good', 'remark', 'reject', 'na'],
  okNok: ['good', 'reject', 'na'],
  yesNo: ['good', 'remark'],
  measured: ['good', 'reject', 'na'],
};

/** A choice question: name, option set, memo title, and judgements when they differ from the set's. */
export type Choice = [name: string, options: keyof typeof OPTIONS, memo?: string, judgements?: Judgement[]];
/** A measurement question (NEN 3140): a unit and limits, both inclusive, as decimal strings. */
export type Measure = { name: string; unit: string; min?: string; max?: string; memo?: string };
export type Q = Choice | Measure;

/** Categories with their questions; questionnaires below pick from them. */
export const BANK: Record<string, Q[]> = {
  'Visuele inspectie': [
    ['Behuizing zonder scheuren of beschadigingen', 'quality'],
    ['Typeplaatje aanwezig en leesbaar', 'okNok'],
    ['Aansluitsnoer en stekker onbeschadigd', 'okNok', 'Beschrijving schade'],
    ['Trekontlasting van het snoer in orde', 'okNok'],
    ['Schakelaars werken en zijn onbeschadigd', 'okNok'],
    ['Ventilatieopeningen vrij en schoon', 'quality'],
  ],
  // NEN 3140 (after NEN-EN 50699/50678): klasse I and klasse II apart, the mechanic skips the
  // category that does not apply to the machine.
  'Metingen klasse I': [
    ['Beschermingsleiding aanwezig en doorgaand', 'okNok'],
    { name: 'Beschermingsleidingweerstand', unit: 'Ohm', max: '0.30', memo: 'Snoerlengte en meetpunt' },
    { name: 'Isolatieweerstand klasse I (500 V DC)', unit: 'MOhm', min: '1.0' },
    { name: 'Vervangende lekstroom klasse I', unit: 'mA', max: '3.5' },
  ],
  'Metingen klasse II': [
    ['Symbool dubbele isolatie aanwezig', 'okNok'],
    { name: 'Isolatieweerstand klasse II (500 V DC)', unit: 'MOhm', min: '2.0' },
    { name: 'Vervangende lekstroom klasse II', unit: 'mA', max: '0.5' },
  ],
  Aardlekschakelaar: [
    ['Aardlekschakelaar aanwezig', 'yesNo'],
    ['Testknop aardlekschakelaar werkt', 'okNok'],
    { name: 'Aardlekschakelaar uitschakeltijd bij 30 mA', unit: 'ms', max: '300' },
  ],
  'Werking en veiligheid': [
    ['Noodstop werkt', 'okNok'],
    ['Afschermingen aanwezig en bevestigd', 'okNok'],
    ['Veiligheidspictogrammen aanwezig', 'okNok'],
    ['Machine loopt zonder afwijkend geluid', 'quality'],
    ['Gebruikershandleiding aanwezig', 'yesNo'],
  ],
  Machineveiligheid: [
    ['Beschermkap van zaagblad of boorkop aanwezig en werkend', 'quality'],
    ['Nulspanningsbeveiliging werkt (machine start niet vanzelf)', 'okNok'],
    ['Werkplek vrij en verlichting voldoende', 'quality'],
  ],
  Drukapparatuur: [
    ['Typeplaat drukvat met maximale werkdruk leesbaar', 'okNok'],
    ['Drukvat uitwendig zonder deuken of corrosie', 'quality', 'Plaats en omvang'],
    ['Wanddikte drukvat voldoende', 'measured', 'Gemeten wanddikte (mm)'],
    ['Veiligheidsventiel blaast af bij de ingestelde druk', 'measured', 'Afblaasdruk (bar)'],
    ['Manometer werkt en is afleesbaar', 'okNok'],
    ['Drukschakelaar schakelt bij de ingestelde druk', 'okNok'],
  ],
  Persluchtsysteem: [
    ['Drukvat zonder corrosie', 'quality', 'Plaats en omvang corrosie'],
    ['Veiligheidsventiel getest', 'okNok'],
    ['Condensaftap werkt', 'okNok'],
    ['Luchtfilter gereinigd of vervangen', 'yesNo'],
    ['Oliepeil gecontroleerd', 'okNok'],
    ['Aanzuigfilter vervangen', 'yesNo'],
    ['Leidingen en koppelingen lekvrij', 'okNok'],
  ],
  'Hef- en rijwerk': [
    ['Vorken zonder scheuren of slijtage', 'quality'],
    ['Hefkettingen gesmeerd en op spanning', 'okNok'],
    ['Mast zonder speling', 'quality'],
    ['Hydrauliek lekvrij', 'okNok'],
    ['Remmen en parkeerrem werken', 'okNok'],
    ['Claxon en verlichting werken', 'okNok'],
    ['Banden in goede staat', 'quality'],
    ['Accu en laadstekker in orde', 'okNok'],
  ],
  Onderhoudswerkzaamheden: [
    ['Machine gereinigd', 'yesNo'],
    ['Bewegende delen gesmeerd', 'yesNo'],
    ['Versleten onderdelen vervangen', 'yesNo', 'Vervangen onderdelen'],
    ['V-snaren gecontroleerd', 'okNok'],
    ['Koolborstels gecontroleerd', 'okNok'],
  ],
  Afronding: [
    ['Keuringssticker aangebracht', 'yesNo'],
    ['Gebruiker geïnformeerd over bevindingen', 'yesNo'],
    ['Machine vrijgegeven voor gebruik', 'yesNo', 'Reden afkeur', ['good', 'reject']],
  ],
};

/**
 * Inspection intervals in months per machine type and due type (domain.md: yearly keuring, NEN
 * 3140 yearly, compressors and forklifts serviced twice a year, a safety round every two years).
 * Only where the demo has questionnaires: a type with an interval and no questionnaire would make
 * every machine of it overdue at once. One customer and one machine override: seed/intervals.ts.
 */
export const DEMO_INTERVALS: Record<string, Partial<Record<'inspection' | 'maintenance' | 'safety', number>>> = {
  Compressor: { inspection: 12, maintenance: 6 },
  Heftruck: { inspection: 12, maintenance: 6 },
  Stapelaar: { inspection: 12, maintenance: 6 },
  Kolomboormachine: { inspection: 12, maintenance: 12, safety: 24 },
  Draaibank: { inspection: 12, maintenance: 12, safety: 24 },
  Zaagmachine: { inspection: 12, safety: 24 },
  'Handgereedschap elektrisch': { inspection: 12 },
};

/**
 * The demo's questionnaires, each for the machine types it fits (`machineTypes`): a machine is
 * only ever linked to a questionnaire of its own machine type (seed/machines.ts).
 */
export const QUESTIONNAIRES: {
  name: string;
  type: InspectionType;
  status: 'active' | 'concept';
  machineTypes: string[];
  categories: string[];
}[] = [
  {
    name: 'NEN 3140 Arbeidsmiddelen',
    type: 'inspection',
    status: 'active',
    machineTypes: ['Handgereedschap elektrisch', 'Zaagmachine'],
    categories: ['Visuele inspectie', 'Metingen klasse I', 'Metingen klasse II', 'Aardlekschakelaar', 'Afronding'],
  },
  {
    name: 'Veiligheidsinspectie werkplaatsmachine',
    type: 'safety',
    status: 'active',
    machineTypes: ['Kolomboormachine', 'Draaibank', 'Zaagmachine'],
    categories: ['Visuele inspectie', 'Machineveiligheid', 'Werking en veiligheid', 'Afronding'],
  },
  {
    name: 'Periodieke keuring heftruck',
    type: 'inspection',
    status: 'active',
    machineTypes: ['Heftruck', 'Stapelaar'],
    categories: ['Visuele inspectie', 'Hef- en rijwerk', 'Werking en veiligheid', 'Afronding'],
  },
  {
    name: 'Periodieke keuring drukapparatuur compressor',
    type: 'inspection',
    status: 'active',
    machineTypes: ['Compressor'],
    categories: ['Visuele inspectie', 'Drukapparatuur', 'Werking en veiligheid', 'Afronding'],
  },
  {
    name: 'Onderhoud schroefcompressor',
    type: 'maintenance',
    status: 'active',
    machineTypes: ['Compressor'],
    categories: [
      'Visuele inspectie',
      'Persluchtsysteem',
      'Onderhoudswerkzaamheden',
      'Werking en veiligheid',
      'Afronding',
    ],
  },
  {
    name: 'Onderhoud heftruck en stapelaar',
    type: 'maintenance',
    status: 'active',
    machineTypes: ['Heftruck', 'Stapelaar'],
    categories: ['Visuele inspectie', 'Hef- en rijwerk', 'Onderhoudswerkzaamheden', 'Afronding'],
  },
  {
    name: 'Keuring en onderhoud werkplaatsmachine',
    type: 'inspection_maintenance',
    status: 'active',
    machineTypes: ['Kolomboormachine', 'Draaibank'],
    categories: [
      'Visuele inspectie',
      'Werking en veiligheid',
      'Metingen klasse I',
      'Onderhoudswerkzaamheden',
      'Afronding',
    ],
  },
  {
    name: 'Veiligheidsronde hoogwerker (concept)',
    type: 'safety',
    status: 'concept',
    machineTypes: ['Hoogwerker'],
    categories: ['Visuele inspectie', 'Werking en veiligheid', 'Afronding'],
  },
];
