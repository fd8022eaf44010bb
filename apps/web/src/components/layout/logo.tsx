import { BRAND, LOGO_CHECK_PATH } from '@keurwijzer/shared/brand';

/** The product mark: a check on the primary red; `inverted` is red on white, for the red app bar. */
export function Logo({ size = 32, inverted = false }: { size?: number; inverted?: boolean }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="6" fill={inverted ? '#fff' : BRAND.red} />
      <path
        d={LOGO_CHECK_PATH}
        stroke={inverted ? BRAND.red : '#fff'}
        strokeWidth="3.5"
        fill="none"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
