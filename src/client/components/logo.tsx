import type { ComponentProps } from 'react';

/** The product mark: three rising candlesticks. Decorative; the product name sits beside it. */
export function Logo(props: ComponentProps<'svg'>) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" focusable="false" {...props}>
      <rect width="32" height="32" rx="8" fill="#047857" />
      <g strokeWidth="2" strokeLinecap="round">
        <path d="M9 14.5v11" stroke="#a7f3d0" />
        <path d="M16 10v12" stroke="#d1fae5" />
        <path d="M23 5.5v12" stroke="#fff" />
      </g>
      <rect x="6.5" y="17" width="5" height="6" rx="1" fill="#a7f3d0" />
      <rect x="13.5" y="12" width="5" height="7.5" rx="1" fill="#d1fae5" />
      <rect x="20.5" y="7.5" width="5" height="8" rx="1" fill="#fff" />
    </svg>
  );
}
