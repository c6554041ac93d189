/**
 * The icons the pages and the web app manifest name, drawn by `npm run icons` (scripts/icons.ts) from
 * scripts/icon.svg: PNG, not SVG, so a phone decodes them as plain images (decision 018).
 */
export interface Icon {
  /** The address the server answers it at (a file of public/). */
  file: string;
  /** Width and height in pixels. */
  size: number;
}

/** The tab's icon, named by every page's head (scripts/sharedHead.ts). */
export const PAGE_ICON: Icon = { file: '/icon-32.png', size: 32 };

/** The installed app's icons, named by the manifest (vite.config.ts): the sizes Android asks for. */
export const MANIFEST_ICONS: readonly Icon[] = [
  { file: '/icon-192.png', size: 192 },
  { file: '/icon-512.png', size: 512 },
];
