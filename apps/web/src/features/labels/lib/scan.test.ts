import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { labelUrl } from '@keurwijzer/shared/labels';
import { decodeQrPixels, labelTokenFromText, type Pixels } from './scan';

const ORIGIN = 'https://keurwijzer.example.nl';
const TOKEN = 'AbCdEfGhIjKlMnOpQrSt_-';

/** A QR code of `text` as RGBA pixels: `scale` pixels a module, a quiet zone of 4 modules. */
function qrPixels(text: string, scale = 4): Pixels {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const quiet = 4;
  const width = (modules.size + 2 * quiet) * scale;
  const data = new Uint8ClampedArray(width * width * 4).fill(255);
  for (let y = 0; y < width; y++) {
    for (let x = 0; x < width; x++) {
      const mx = Math.floor(x / scale) - quiet;
      const my = Math.floor(y / scale) - quiet;
      const dark = mx >= 0 && my >= 0 && mx < modules.size && my < modules.size && modules.get(my, mx);
      if (dark) data.fill(0, (y * width + x) * 4, (y * width + x) * 4 + 3);
    }
  }
  return { data, width, height: width };
}

describe('labelTokenFromText', () => {
  it("takes the token from this app's label URL", () => {
    expect(labelTokenFromText(labelUrl(ORIGIN, TOKEN), ORIGIN)).toBe(TOKEN);
    expect(labelTokenFromText(`  ${ORIGIN}/m/${TOKEN}/ `, ORIGIN)).toBe(TOKEN);
  });

  it('takes a bare token as typed', () => {
    expect(labelTokenFromText(TOKEN, ORIGIN)).toBe(TOKEN);
  });

  it('refuses other sites, other paths, and malformed tokens', () => {
    expect(labelTokenFromText(`https://evil.example.com/m/${TOKEN}`, ORIGIN)).toBeNull();
    expect(labelTokenFromText(`http://keurwijzer.example.nl/m/${TOKEN}`, ORIGIN)).toBeNull();
    expect(labelTokenFromText(`${ORIGIN}/machines/${TOKEN}`, ORIGIN)).toBeNull();
    expect(labelTokenFromText(`${ORIGIN}/m/${TOKEN}/extra`, ORIGIN)).toBeNull();
    expect(labelTokenFromText(`${ORIGIN}/m/short`, ORIGIN)).toBeNull();
    expect(labelTokenFromText(`${ORIGIN}/m/${TOKEN.slice(0, 21)}!`, ORIGIN)).toBeNull();
    expect(labelTokenFromText('Hallo wereld', ORIGIN)).toBeNull();
    expect(labelTokenFromText('', ORIGIN)).toBeNull();
  });
});

describe('decodeQrPixels', () => {
  it("reads a label's QR code and gives the label's token", async () => {
    const url = labelUrl(ORIGIN, TOKEN);
    const text = await decodeQrPixels(qrPixels(url));
    expect(text).toBe(url);
    expect(labelTokenFromText(text!, ORIGIN)).toBe(TOKEN);
  });

  it('finds nothing in an empty picture', async () => {
    const width = 120;
    expect(
      await decodeQrPixels({ data: new Uint8ClampedArray(width * width * 4).fill(255), width, height: width }),
    ).toBeNull();
  });
});
