import { describe, expect, it } from 'vitest';
import { spreadsheetText } from './spreadsheet';

describe('spreadsheetText', () => {
  it.each(['=SUM(A1:A2)', '+31 6 1234', '-2+3', '@cmd', '\tx', '\r=1'])('escapes %j', (text) => {
    expect(spreadsheetText(text)).toBe(`'${text}`);
  });

  it.each(['Kolomboormachine', 'K-100', 'a=b', '', ' =1'])('keeps %j', (text) => {
    expect(spreadsheetText(text)).toBe(text);
  });
});
