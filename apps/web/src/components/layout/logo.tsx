/** The product mark: a check on the primary red; `inverted` is red on white, for the red app bar. */
export function Logo({ size = 32, inverted = false }: { size?: number; inverted?: boolean }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="6" fill={inverted ? '#fff' : '#BE1522'} />
      <path
        d="M9 17l5 5 9-11"
        stroke={inverted ? '#BE1522' : '#fff'}
        strokeWidth="3.5"
        fill="none"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
