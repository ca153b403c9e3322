import type { Kind } from '#/server/config/finishes.ts';

/** Parametric product drawings: one SVG per product family, coloured by finish, seen from two angles. */
const esc = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

function shade(hex: string, amount: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const f = (v: number) => Math.max(0, Math.min(255, Math.round(v + amount * 255)));
  return `#${[(n >> 16) & 255, (n >> 8) & 255, n & 255].map((v) => f(v).toString(16).padStart(2, '0')).join('')}`;
}

const SHAPES: Record<Kind, string> = {
  torneira:
    '<rect x="170" y="250" width="60" height="90" rx="10" fill="url(#m)"/><path d="M200 260 V130 Q200 80 250 80 H300 Q320 80 320 100 V130" fill="none" stroke="url(#m)" stroke-width="26" stroke-linecap="round"/><rect x="185" y="215" width="70" height="16" rx="8" fill="url(#m)"/><ellipse cx="200" cy="345" rx="70" ry="12" fill="url(#m)"/>',
  misturador:
    '<rect x="165" y="160" width="70" height="180" rx="30" fill="url(#m)"/><rect x="185" y="148" width="110" height="22" rx="11" fill="url(#m)" transform="rotate(-18 195 159)"/><path d="M235 220 H300 Q320 220 320 240 V255" fill="none" stroke="url(#m)" stroke-width="20" stroke-linecap="round"/><ellipse cx="200" cy="345" rx="75" ry="12" fill="url(#m)"/>',
  cuba: '<path d="M60 170 H340 L310 300 Q300 330 270 330 H130 Q100 330 90 300 Z" fill="url(#m)"/><path d="M80 180 H320 L296 290 Q288 312 264 312 H136 Q112 312 104 290 Z" fill="#000" opacity=".12"/><ellipse cx="200" cy="290" rx="14" ry="6" fill="#000" opacity=".35"/><rect x="50" y="160" width="300" height="16" rx="8" fill="url(#m)"/>',
  filtro:
    '<rect x="140" y="90" width="120" height="230" rx="40" fill="url(#m)"/><rect x="160" y="120" width="80" height="140" rx="20" fill="#bfe3f5" opacity=".7"/><path d="M260 140 H320 Q335 140 335 160 V190" fill="none" stroke="url(#m)" stroke-width="16" stroke-linecap="round"/><ellipse cx="200" cy="330" rx="80" ry="12" fill="url(#m)"/>',
  chuveiro:
    '<path d="M90 60 H250 V110" fill="none" stroke="url(#m)" stroke-width="16" stroke-linecap="round"/><rect x="150" y="110" width="200" height="30" rx="12" fill="url(#m)"/><g fill="#7cc4ea" opacity=".8"><rect x="170" y="160" width="4" height="40" rx="2"/><rect x="200" y="175" width="4" height="50" rx="2"/><rect x="230" y="160" width="4" height="60" rx="2"/><rect x="260" y="170" width="4" height="45" rx="2"/><rect x="290" y="160" width="4" height="55" rx="2"/><rect x="320" y="175" width="4" height="40" rx="2"/></g>',
  acessorio:
    '<rect x="60" y="150" width="24" height="70" rx="8" fill="url(#m)"/><rect x="316" y="150" width="24" height="70" rx="8" fill="url(#m)"/><rect x="70" y="175" width="260" height="18" rx="9" fill="url(#m)"/><path d="M120 195 V300 H280 V195" fill="#e9e4da" stroke="#d4cbb8" stroke-width="3"/>',
  ralo:
    '<rect x="40" y="170" width="320" height="60" rx="8" fill="url(#m)"/><g fill="#000" opacity=".28">' +
    Array.from(
      { length: 14 },
      (_, i) => `<rect x="${58 + i * 21}" y="185" width="10" height="30" rx="3"/>`,
    ).join('') +
    '</g>',
  tanque:
    '<path d="M70 110 H330 V250 Q330 280 300 280 H100 Q70 280 70 250 Z" fill="url(#m)"/><path d="M90 125 H310 V240 Q310 262 290 262 H110 Q90 262 90 240 Z" fill="#000" opacity=".12"/><rect x="100" y="280" width="20" height="80" fill="url(#m)"/><rect x="280" y="280" width="20" height="80" fill="url(#m)"/>',
};

/** SVG of a product picture: family shape, finish colour, view 0 (front) or 1 (three-quarter). */
export function productSvg(kind: Kind, color: string, view: number): string {
  const transform = view === 1 ? 'translate(200 200) rotate(-8) scale(0.92) translate(-200 -200)' : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" width="1200" height="1200">
<defs><linearGradient id="m" x1="0" x2="1" y1="0" y2="1"><stop offset="0" stop-color="${shade(color, 0.18)}"/><stop offset=".5" stop-color="${color}"/><stop offset="1" stop-color="${shade(color, -0.22)}"/></linearGradient>
<radialGradient id="bg" cx=".5" cy=".45" r=".7"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="#eef1f4"/></radialGradient></defs>
<rect width="400" height="400" fill="url(#bg)"/><ellipse cx="200" cy="360" rx="130" ry="14" fill="#000" opacity=".06"/>
<g transform="${transform}">${SHAPES[kind]}</g></svg>`;
}

export function brandSvg(name: string, color: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 120" width="480" height="240"><rect width="240" height="120" rx="14" fill="#fff"/><rect x="6" y="6" width="228" height="108" rx="10" fill="none" stroke="${color}" stroke-width="3"/><text x="120" y="70" font-family="DejaVu Sans, Arial, sans-serif" font-size="22" font-weight="700" fill="${color}" text-anchor="middle">${esc(name)}</text></svg>`;
}

export function badgeSvg(label: string, color: string, text: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 60" width="400" height="120"><rect width="200" height="60" rx="30" fill="${color}"/><text x="100" y="38" font-family="DejaVu Sans, Arial, sans-serif" font-size="18" font-weight="700" fill="${text}" text-anchor="middle">${esc(label)}</text></svg>`;
}

export function bannerSvg(width: number, height: number, hue: number, headline: string): string {
  // Wrap the headline so it fits: about 0.6 em per character, at most three lines.
  const words = headline.split(' ');
  let size = Math.round(Math.min(height / 5, width / 12));
  let lines: string[] = [];
  for (; size > 10; size -= 2) {
    const perLine = Math.floor((width * 0.8) / (size * 0.6));
    lines = [];
    for (const word of words) {
      const last = lines.at(-1);
      if (last !== undefined && `${last} ${word}`.length <= perLine)
        lines[lines.length - 1] = `${last} ${word}`;
      else lines.push(word);
    }
    if (
      lines.length <= 3 &&
      lines.every((l) => l.length <= perLine) &&
      lines.length * size * 1.2 <= height * 0.8
    )
      break;
  }
  const top = height / 2 - ((lines.length - 1) * size * 1.2) / 2 + size * 0.35;
  const text = lines
    .map(
      (l, i) =>
        `<tspan x="${Math.round(width * 0.07)}" y="${Math.round(top + i * size * 1.2)}">${esc(l)}</tspan>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">
<defs><linearGradient id="g" x1="0" x2="1"><stop offset="0" stop-color="hsl(${hue} 55% 28%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360} 60% 45%)"/></linearGradient></defs>
<rect width="${width}" height="${height}" fill="url(#g)"/><circle cx="${width * 0.85}" cy="${height * 0.5}" r="${height * 0.42}" fill="#fff" opacity=".12"/>
<text font-family="DejaVu Sans, Arial, sans-serif" font-size="${size}" font-weight="700" fill="#fff">${text}</text></svg>`;
}

export function iconSvg(color: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48" width="48" height="48"><circle cx="24" cy="24" r="20" fill="${color}" stroke="#0002" stroke-width="2"/></svg>`;
}
