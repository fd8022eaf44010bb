import { LABEL_TOKEN_PATTERN } from '@keurwijzer/shared/labels';

/** Said when a scanned or typed code is not one of this app's labels. */
export const NOT_A_LABEL = 'Dit is geen Keurwijzer-label';

/**
 * The label token in what a QR code holds or a user typed: this app's label URL
 * (`<origin>/m/<token>`, origin as `origin`), or the bare 22-character token. Anything else
 * (another site's URL, a label URL of another server, text) gives null.
 */
export function labelTokenFromText(text: string, origin: string): string | null {
  const value = text.trim();
  if (LABEL_TOKEN_PATTERN.test(value)) return value;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.origin !== new URL(origin).origin) return null;
  const match = /^\/m\/([^/]+)\/?$/.exec(url.pathname);
  const token = match?.[1];
  return token && LABEL_TOKEN_PATTERN.test(token) ? token : null;
}

/** RGBA pixels, as a canvas's getImageData gives them. */
export type Pixels = { data: Uint8ClampedArray; width: number; height: number };

/**
 * The text of the QR code in `pixels`, or null when none is found; the small JS decoder (jsqr),
 * loaded on first use so it never weighs on the main bundle. For browsers without BarcodeDetector.
 */
export async function decodeQrPixels({ data, width, height }: Pixels): Promise<string | null> {
  const { default: jsQR } = await import('jsqr');
  return jsQR(data, width, height, { inversionAttempts: 'dontInvert' })?.data ?? null;
}

/** The Shape Detection API where the browser has it (Chromium on Android, Safari 17+); not in TypeScript's DOM lib. */
type BarcodeDetectorLike = { detect(source: CanvasImageSource): Promise<{ rawValue: string }[]> };
type BarcodeDetectorClass = {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats?: () => Promise<string[]>;
};

/** Reads one video frame: the QR code's text, or null when there is none in the frame. */
export type FrameReader = (video: HTMLVideoElement) => Promise<string | null>;

/** Frames are scaled down to this longest side for the JS decoder: enough for a label, cheap on a phone. */
const DECODE_SIDE = 640;

/**
 * A reader of video frames: the browser's BarcodeDetector when it knows QR codes, else the JS
 * decoder on the frame drawn onto a canvas (decodeQrPixels).
 */
export async function frameReader(): Promise<FrameReader> {
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  const formats = Detector ? await Detector.getSupportedFormats?.().catch(() => []) : [];
  if (Detector && formats?.includes('qr_code')) {
    const detector = new Detector({ formats: ['qr_code'] });
    return async (video) => (video.readyState >= 2 ? ((await detector.detect(video))[0]?.rawValue ?? null) : null);
  }
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return async (video) => {
    if (!context || video.readyState < 2 || !video.videoWidth) return null;
    const scale = Math.min(1, DECODE_SIDE / Math.max(video.videoWidth, video.videoHeight));
    canvas.width = Math.round(video.videoWidth * scale);
    canvas.height = Math.round(video.videoHeight * scale);
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    return decodeQrPixels(context.getImageData(0, 0, canvas.width, canvas.height));
  };
}
