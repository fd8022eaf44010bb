/** The inspection company as printed on exports and in mails (config COMPANY_*). */
export type Company = { name: string; address: string; contact: string };
