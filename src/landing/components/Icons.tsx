/** Small inline icons; decorative (the link or button around them carries the name). */

const Svg = ({ d, size = 24 }: { d: string; size?: number }) => (
  <svg
    width={size}
    height={size}
    viewBox="0 0 24 24"
    aria-hidden="true"
    focusable="false"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    strokeLinejoin="round"
  >
    <path d={d} />
  </svg>
);

export const MenuIcon = () => <Svg d="M4 6h16M4 12h16M4 18h16" />;
export const CloseIcon = () => <Svg d="M6 6l12 12M18 6L6 18" />;
export const ChevronIcon = () => <Svg size={20} d="M6 9l6 6 6-6" />;
export const ArrowLeftIcon = () => <Svg size={20} d="M15 18l-6-6 6-6" />;
export const ArrowRightIcon = () => <Svg size={20} d="M9 18l6-6-6-6" />;
export const PauseIcon = () => <Svg size={16} d="M8 5v14M16 5v14" />;
export const PlayIcon = () => <Svg size={16} d="M7 5l12 7-12 7z" />;

const Brand = ({ d }: { d: string }) => (
  <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="currentColor">
    <path d={d} />
  </svg>
);

export const LinkedInIcon = () => (
  <Brand d="M4.98 3.5a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5zM3 9.5h4V21H3zM9.5 9.5h3.8v1.6h.05c.53-1 1.83-2.05 3.77-2.05 4.03 0 4.78 2.65 4.78 6.1V21h-4v-5.1c0-1.22-.02-2.78-1.7-2.78-1.7 0-1.96 1.33-1.96 2.7V21h-4z" />
);
export const XIcon = () => (
  <Brand d="M17.75 3h3.07l-6.7 7.66L22 21h-6.17l-4.83-6.32L5.46 21H2.39l7.17-8.2L2 3h6.33l4.37 5.77zm-1.08 16.2h1.7L7.4 4.73H5.58z" />
);
export const InstagramIcon = () => (
  <Brand d="M12 2.2c3.2 0 3.58.01 4.85.07 3.25.15 4.77 1.69 4.92 4.92.06 1.27.07 1.65.07 4.85s-.01 3.58-.07 4.85c-.15 3.23-1.66 4.77-4.92 4.92-1.27.06-1.65.07-4.85.07s-3.58-.01-4.85-.07c-3.26-.15-4.77-1.7-4.92-4.92C2.17 15.58 2.16 15.2 2.16 12s.01-3.58.07-4.85C2.38 3.92 3.9 2.38 7.15 2.23 8.42 2.17 8.8 2.16 12 2.16zm0 4.66a5.14 5.14 0 1 0 0 10.28 5.14 5.14 0 0 0 0-10.28zm0 8.48a3.34 3.34 0 1 1 0-6.68 3.34 3.34 0 0 1 0 6.68zm5.34-9.9a1.2 1.2 0 1 0 0 2.4 1.2 1.2 0 0 0 0-2.4z" />
);

export const socialIcon = (network: 'LinkedIn' | 'Instagram' | 'X') =>
  network === 'LinkedIn' ? <LinkedInIcon /> : network === 'Instagram' ? <InstagramIcon /> : <XIcon />;
