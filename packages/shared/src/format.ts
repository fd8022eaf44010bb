/** Dutch display formats used by both the screens and the server's exports. */

const amountFormat = new Intl.NumberFormat('nl-NL', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** "€ 12,00": euro sign, a space, the amount with a decimal comma (spec section 1). */
export const formatPrice = (amount: number): string => `€ ${amountFormat.format(amount)}`;

/** "€ 12,00" of an amount in cents; '' for no price. */
export const formatCents = (cents: number | null): string => (cents === null ? '' : formatPrice(cents / 100));
