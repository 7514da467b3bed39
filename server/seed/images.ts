import sharp from 'sharp';
import type { AppContext } from '../context';
import { storeImage } from '../services/images/images';

const DESTINATIONS = [
  { title: 'Thailand', sky: ['#ff9a5a', '#ffd86b'], sea: '#1f8fb3' },
  { title: 'Hong Kong', sky: ['#243b6b', '#7a5fb5'], sea: '#203a5a' },
  { title: 'Maldives', sky: ['#57c7e3', '#bdf0ff'], sea: '#10a6b8' },
  { title: 'Switzerland', sky: ['#8fb8e8', '#e6f0ff'], sea: '#5c7c5a' },
];

function scene(sky: string[], sea: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="560">
  <defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky[0]}"/><stop offset="1" stop-color="${sky[1]}"/></linearGradient></defs>
  <rect width="800" height="560" fill="url(#s)"/>
  <circle cx="600" cy="170" r="70" fill="#fff6d5" opacity="0.85"/>
  <path d="M0 360 L160 250 L300 340 L460 220 L640 330 L800 260 L800 560 L0 560 Z" fill="${sea}" opacity="0.55"/>
  <path d="M0 420 C200 390 600 450 800 410 L800 560 L0 560 Z" fill="${sea}"/>
  <path d="M250 120 l60 10 l40 -30 l10 5 l-25 35 l45 8 l10 -10 l8 3 l-8 17 l-70 -2 l-30 30 l-10 -4 l15 -30 z" fill="#ffffff" opacity="0.9"/>
</svg>`;
}

/** Home-page destination images, drawn as vector scenes and stored like any upload. */
export async function seedImages(ctx: AppContext): Promise<void> {
  for (const d of DESTINATIONS) {
    const png = await sharp(Buffer.from(scene(d.sky, d.sea)))
      .png()
      .toBuffer();
    await storeImage(ctx, png, 'marketing', { owner: null, queueKey: 'seed', title: d.title });
  }
}
