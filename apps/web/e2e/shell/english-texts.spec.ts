import { expect, test, type Page } from '@playwright/test';
import { ACCOUNTS, loginAs } from '../support/login';
import { openScreen } from './helpers';

/**
 * MUI's built-in English texts (its default locale): hover texts, aria-labels, pagination and
 * Autocomplete texts. The interface is Dutch: none of them may show up anywhere.
 */
const ENGLISH =
  /\b(Open|Clear|Close|No options|Loading…|Rows per page|Go to (first|last|next|previous) page|Show path|Pagination navigation|more than)\b|\d+–\d+ of \d+/;

/** Every English text in what shows, in title attributes, aria-labels and placeholders. */
async function englishTexts(page: Page): Promise<string[]> {
  return page.evaluate((source) => {
    const re = new RegExp(source);
    const found: string[] = [];
    if (re.test(document.body.innerText)) found.push(`text: ${re.exec(document.body.innerText)![0]}`);
    for (const el of document.querySelectorAll('[title], [aria-label], [placeholder], [alt]')) {
      for (const attr of ['title', 'aria-label', 'placeholder', 'alt']) {
        const value = el.getAttribute(attr);
        if (value && re.test(value)) found.push(`${attr}="${value}" on <${el.tagName.toLowerCase()}>`);
      }
    }
    return found;
  }, ENGLISH.source);
}

test('no English texts from MUI: lists, pagination, breadcrumbs, autocomplete hover texts', async ({ page }) => {
  await loginAs(page, ACCOUNTS.admin);
  for (const path of ['/admin/users', '/admin/customers', '/admin/customers/1/machines', '/admin/questionnaires']) {
    await openScreen(page, path);
    expect(await englishTexts(page), path).toEqual([]);
  }

  // The customer picker of a customer user is an Autocomplete: its open and clear buttons.
  await openScreen(page, '/admin/customer-users/create');
  const picker = page.getByRole('combobox', { name: 'Klant' });
  await picker.hover();
  expect(await englishTexts(page), 'autocomplete closed').toEqual([]);
  await picker.fill('zzzz-niets');
  await expect(page.getByText('Geen klanten gevonden')).toBeVisible();
  expect(await englishTexts(page), 'autocomplete without options').toEqual([]);
  await picker.fill('Metaal');
  await page.getByRole('option').first().click();
  await picker.hover();
  // With a value the clear button shows on hover.
  await expect(page.getByRole('button', { name: 'Wissen' })).toBeAttached();
  expect(await englishTexts(page), 'autocomplete with a value').toEqual([]);
});
