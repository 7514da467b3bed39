// Renders the PWA icons in pwa/public/icons from one SVG. Run: npx tsx pwa/scripts/generate-icons.ts
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

// NOTE: the plane glyph is Material Design's 'flight' icon (Apache-2.0).
const plane = 'M21 16v-2l-8-5V3.5c0-.83-.67-1.5-1.5-1.5S10 2.67 10 3.5V9l-8 5v2l8-2.5V19l-2 1.5V22l3.5-1 3.5 1v-1.5L13 19v-5.5l8 2.5z';
const brand = '#0b63ce';

// A maskable icon keeps its artwork inside the central 80% safe zone and fills the whole square.
function iconSvg(maskable: boolean): string {
  const scale = maskable ? 0.55 : 0.75;
  const offset = (24 - 24 * scale) / 2;
  const background = maskable ? `<rect width="24" height="24" fill="${brand}"/>` : `<rect width="24" height="24" rx="5" fill="${brand}"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">${background}<path transform="rotate(45 12 12) translate(${offset} ${offset}) scale(${scale})" fill="#fff" d="${plane}"/></svg>`;
}

const icons = [
  { file: 'icon-192.png', size: 192, maskable: false },
  { file: 'icon-512.png', size: 512, maskable: false },
  { file: 'icon-maskable-512.png', size: 512, maskable: true },
];

for (const icon of icons) {
  const target = fileURLToPath(new URL(`../public/icons/${icon.file}`, import.meta.url));
  await sharp(Buffer.from(iconSvg(icon.maskable)), { density: (72 * icon.size) / 24 })
    .resize(icon.size, icon.size)
    .png({ palette: true, compressionLevel: 9 })
    .toFile(target);
  console.log(`wrote ${target}`);
}
