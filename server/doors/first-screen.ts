import fs from 'node:fs';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { EAGER_CARDS, FIRST_CARDS } from '../../shared/catalogue-grid';
import {
  ITEM_TYPE_BADGES,
  type ItemType,
  LANGUAGES,
  type Language,
  UNITS,
} from '../../shared/enums';
import { formatYen } from '../../shared/format';
import { en, ja, ne } from '../../shared/locales';
import { FONT_FAMILY, PALETTE } from '../../shared/palette';
import { isOutOfStock, shownItemType } from '../../shared/rules';
import type { CategoryOut, ProductOut } from '../../shared/schemas/catalogue';
import type { PriceBasis } from '../../shared/tax';
import { categoriesSnapshot, customerCatalogue } from '../catalogue/catalogue';
import { createContextFromRequest, type Services } from '../context';
import { LruCache } from '../platform/cache';
import { getTaxSettings } from '../settings/tax-settings';

// The catalogue's first screen, rendered by the server for a signed-in customer (ADR 021).
// On a slow phone the app's ~240 KB of script takes 2.5-3.5 s to run after it has arrived;
// until then the page was blank. The HTML of /customer/regularorder now carries the top bar,
// the title, the filters and the first cards (real names in the account's language, real
// prices, card-sized pictures fetched at once), drawn by a small stylesheet of its own to the
// same sizes and places as the React screen. The app renders into #root, hidden while the
// first screen is there, and removes the first screen in the same commit that shows its own
// cards (client/src/firstScreen.ts), so nothing moves. Anything else (signed out, not a
// customer, any error) gets the plain index.html.
//
// The cards come from the same cached catalogue the app reads (`catalogueSnapshot`, emptied
// by the same stamp); the rendered cards are kept per catalogue version and language.

/** The React grid's first render (client/src/features/customer/ProductGrid.tsx). */
export const FIRST_SCREEN_CARDS = FIRST_CARDS;
/** The only URL rendered here: the catalogue, with or without a trailing slash. */
const CATALOGUE_PATH = /^\/customer\/regularorder\/?$/;

export function isCataloguePath(url: string): boolean {
  return CATALOGUE_PATH.test(url.split('?')[0] ?? '');
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text or an attribute value, safe inside HTML. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch] ?? ch);
}

type Tree = { [key: string]: string | Tree };
const TEXT: Record<Language, Tree> = {
  en: en as unknown as Tree,
  ne: ne as unknown as Tree,
  ja: ja as unknown as Tree,
};

/** Each language's name in its own script (client/src/shell/LanguageSwitch.tsx). */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  ne: 'नेपाली',
  ja: '日本語',
};

/** One interface string, as i18next would give it (`{{name}}` interpolation, English fallback). */
export function text(language: Language, key: string, values: Record<string, string> = {}): string {
  const find = (tree: Tree): string | undefined => {
    let node: string | Tree | undefined = tree;
    for (const part of key.split('.')) {
      node = typeof node === 'object' ? node[part] : undefined;
    }
    return typeof node === 'string' ? node : undefined;
  };
  const template = find(TEXT[language]) ?? find(TEXT.en);
  if (template === undefined) throw new Error(`first screen: no text for ${key}`);
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => values[name] ?? '');
}

const isLanguage = (value: unknown): value is Language =>
  (LANGUAGES as readonly unknown[]).includes(value);

/**
 * The language the app will show, decided as the client decides it (client/src/i18n.ts,
 * LanguageSwitch.tsx): the account's saved language; else this device's choice (the `lang`
 * cookie the client keeps beside its localStorage); else the browser's first English, Nepali
 * or Japanese language; else English.
 */
export function firstScreenLanguage(
  account: string | null | undefined,
  cookie: string | undefined,
  acceptLanguage: string | undefined,
): Language {
  if (isLanguage(account)) return account;
  if (isLanguage(cookie)) return cookie;
  for (const part of (acceptLanguage ?? '').split(',')) {
    const base = part.split(';')[0]?.trim().toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return 'en';
}

/** As client/src/components/localName.ts names a product or category for its reader. */
const localName = (
  item: { name: string; nameNe?: string | null; nameJa?: string | null },
  language: Language,
) => {
  const local = language === 'ne' ? item.nameNe : language === 'ja' ? item.nameJa : null;
  return local?.trim() ? local : item.name;
};

/** The card-sized copy of an uploaded picture (client/src/components/cardImage.ts). */
const cardImage = (url: string) =>
  url.replace(/^(\/uploads\/[0-9a-f]{32})\.(jpg|png)$/, '$1-card.$2');

const BADGE_COLORS: Partial<Record<ItemType, keyof typeof PALETTE | 'gray'>> = {
  Special: 'red',
  'New Item': 'blue',
  'Limited Stock': 'orange',
  'Price Up': 'grape',
  'Price Down': 'teal',
  'Out of Stock': 'gray',
  Restocked: 'green',
};

// The icons the React screen draws (client/src/components/icons.tsx, shopIcons.tsx, Mantine's
// avatar and chevron), as they are.
const svg = (size: number, body: string) =>
  `<svg width="${size}" height="${size}" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true">${body}</svg>`;
export const GLOBE = svg(
  18,
  '<circle cx="12" cy="12" r="9"/><path d="M3 12h18"/><path d="M12 3a14 14 0 0 1 0 18a14 14 0 0 1 0-18"/>',
);
export const CHEVRONS = svg(16, '<path d="M8 9l4-4 4 4"/><path d="M8 15l4 4 4-4"/>');
const SEARCH = svg(16, '<circle cx="11" cy="11" r="6.5"/><path d="M16 16l4.5 4.5"/>');
const HEART = svg(
  20,
  '<path d="M12 20s-7-4.4-9.2-9A5 5 0 0 1 12 6a5 5 0 0 1 9.2 5c-2.2 4.6-9.2 9-9.2 9z"/>',
);
const HOME = svg(26, '<path d="M3 11l9-8 9 8"/><path d="M5 10v10h5v-6h4v6h5V10"/>');
const PERSON =
  '<svg viewBox="0 0 15 15" fill="none" aria-hidden="true"><path d="M0.877014 7.49988C0.877014 3.84219 3.84216 0.877045 7.49985 0.877045C11.1575 0.877045 14.1227 3.84219 14.1227 7.49988C14.1227 11.1575 11.1575 14.1227 7.49985 14.1227C3.84216 14.1227 0.877014 11.1575 0.877014 7.49988ZM7.49985 1.82704C4.36683 1.82704 1.82701 4.36686 1.82701 7.49988C1.82701 8.97196 2.38774 10.3131 3.30727 11.3213C4.19074 9.94119 5.73818 9.02499 7.50023 9.02499C9.26206 9.02499 10.8093 9.94097 11.6929 11.3208C12.6121 10.3127 13.1727 8.97172 13.1727 7.49988C13.1727 4.36686 10.6328 1.82704 7.49985 1.82704ZM10.9818 11.9787C10.2839 10.7795 8.9857 9.97499 7.50023 9.97499C6.01458 9.97499 4.71624 10.7797 4.01845 11.9791C4.97952 12.7272 6.18765 13.1727 7.49985 13.1727C8.81227 13.1727 10.0206 12.727 10.9818 11.9787ZM5.14999 6.50487C5.14999 5.207 6.20212 4.15487 7.49999 4.15487C8.79786 4.15487 9.84999 5.207 9.84999 6.50487C9.84999 7.80274 8.79786 8.85487 7.49999 8.85487C6.20212 8.85487 5.14999 7.80274 5.14999 6.50487ZM7.49999 5.10487C6.72679 5.10487 6.09999 5.73167 6.09999 6.50487C6.09999 7.27807 6.72679 7.90487 7.49999 7.90487C8.27319 7.90487 8.89999 7.27807 8.89999 6.50487C8.89999 5.73167 8.27319 5.10487 7.49999 5.10487Z" fill="currentColor" fill-rule="evenodd" clip-rule="evenodd"/></svg>';
/** The no-picture box, drawn (an emoji needs a font some phones lack; ADR 040). */
const BOX =
  '<svg viewBox="0 0 24 24" width="40" height="40" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="M12 3l8 4.5v9L12 21l-8-4.5v-9L12 3"/><path d="M12 12l8-4.5M12 12v9M12 12L4 7.5"/></svg>';
const CHEVRON =
  '<svg viewBox="0 0 15 15" width="18" height="18" fill="none" aria-hidden="true"><path d="M4.93179 5.43179C4.75605 5.60753 4.75605 5.89245 4.93179 6.06819C5.10753 6.24392 5.39245 6.24392 5.56819 6.06819L7.49999 4.13638L9.43179 6.06819C9.60753 6.24392 9.89245 6.24392 10.0682 6.06819C10.2439 5.89245 10.2439 5.60753 10.0682 5.43179L7.81819 3.18179C7.73379 3.0974 7.61933 3.04999 7.49999 3.04999C7.38064 3.04999 7.26618 3.0974 7.18179 3.18179L4.93179 5.43179ZM10.0682 9.56819C10.2439 9.39245 10.2439 9.10753 10.0682 8.93179C9.89245 8.75606 9.60753 8.75606 9.43179 8.93179L7.49999 10.8636L5.56819 8.93179C5.39245 8.75606 5.10753 8.75606 4.93179 8.93179C4.75605 9.10753 4.75605 9.39245 4.93179 9.56819L7.18179 11.8182C7.35753 11.9939 7.64245 11.9939 7.81819 11.8182L10.0682 9.56819Z" fill="currentColor" fill-rule="evenodd" clip-rule="evenodd"/></svg>';

function card(product: ProductOut, index: number, language: Language, basis: PriceBasis): string {
  const t = (key: string, values?: Record<string, string>) => text(language, key, values);
  const e = escapeHtml;
  const shown = shownItemType(product);
  const badgeKey = ITEM_TYPE_BADGES[shown];
  const badge = badgeKey
    ? `<span class="fs-badge" style="--fs-badge:var(--mantine-color-${BADGE_COLORS[shown] ?? 'gray'}-filled)">${e(t(badgeKey))}</span>`
    : '';
  const eager = index < EAGER_CARDS;
  const picture = product.image
    ? `<img src="${e(cardImage(product.image))}" alt="${e(product.name)}" ${eager ? 'loading="eager" fetchpriority="high"' : 'loading="lazy"'}>`
    : `<span class="fs-noimage" role="img" aria-label="${e(t('product.noImage'))}">${BOX}</span>`;
  const unit = (UNITS as readonly string[]).includes(product.sku)
    ? t(`buyer.units.${product.sku}`)
    : product.sku;
  const about =
    language === 'ne' && product.descriptionNe?.trim()
      ? product.descriptionNe
      : product.description;
  const description =
    product.showDescription === 'Show' && about.trim() !== ''
      ? `<p class="fs-desc">${e(about)}</p>`
      : '';
  const button = isOutOfStock(product)
    ? `<span class="fs-button fs-disabled" data-part="add">${e(t('product.notInStock'))}</span>`
    : `<span class="fs-button" data-part="add">${e(t('product.addToCart'))}</span>`;
  return (
    `<div class="fs-card" data-part="card"><div class="fs-pic">${picture}` +
    `<span class="fs-badges">${badge}</span><span class="fs-heart">${HEART}</span></div>` +
    '<div class="fs-info">' +
    (product.category ? `<p class="fs-cat">${e(localName(product.category, language))}</p>` : '') +
    `<h2 class="fs-name" lang="${language}">${e(localName(product, language))}</h2>${description}` +
    `<div class="fs-price"><span class="fs-yen">${e(formatYen(product.price))}</span>` +
    `<p class="fs-unit">${e(t('product.perUnit', { unit }))}</p>` +
    // The price basis beside the price, as the card's PriceBasisNote says it.
    `<p class="fs-unit">${e(t(basis === 'inclusive' ? 'product.inclTax' : 'product.exclTax'))}</p></div></div>` +
    `<div class="fs-actions">${button}</div></div>`
  );
}

/** The page below the top bar: breadcrumbs, title, categories, filters, the first cards. */
export function cataloguePart(
  products: readonly ProductOut[],
  categories: readonly CategoryOut[],
  language: Language,
  /** The business's price basis (tax-exclusive unless it chose otherwise). */
  basis: PriceBasis = 'exclusive',
): string {
  const t = (key: string, values?: Record<string, string>) => text(language, key, values);
  const e = escapeHtml;
  const all = t('catalogue.allProducts');
  const nav = [all, ...categories.map((c) => localName(c, language))]
    .map((label) => `<span class="fs-navlink"><span>${e(label)}</span></span>`)
    .join('');
  const body =
    products.length === 0
      ? `<p class="fs-empty">${e(t('catalogue.noProducts'))}</p>`
      : `<p class="fs-count" data-part="count">${e(t('catalogue.count', { count: String(products.length) }))}</p>` +
        `<div class="fs-grid">${products
          .slice(0, FIRST_SCREEN_CARDS)
          .map((p, i) => card(p, i, language, basis))
          .join('')}</div>`;
  return (
    `<div class="fs-crumbs"><a href="/customer">${e(t('nav.home'))}</a><span class="fs-sep">›</span>` +
    `<span class="fs-current">${e(t('nav.allProducts'))}</span></div>` +
    `<h1 class="fs-title">${e(t('catalogue.allProductsTitle'))}</h1>` +
    `<div class="fs-flex"><div class="fs-side"><p class="fs-side-head">${e(t('catalogue.categories'))}</p>${nav}</div>` +
    '<div class="fs-body"><div class="fs-filters">' +
    `<span class="fs-field"><span class="fs-label">${e(t('catalogue.search'))}</span>` +
    `<span class="fs-input"><span class="fs-left">${SEARCH}</span><span class="fs-box fs-search fs-placeholder">${e(t('catalogue.searchPlaceholder'))}</span></span></span>` +
    `<span class="fs-field fs-phone"><span class="fs-label">${e(t('catalogue.byCategory'))}</span>` +
    `<span class="fs-input"><span class="fs-box fs-select">${e(all)}</span><span class="fs-right">${CHEVRON}</span></span></span>` +
    `</div>${body}</div></div>`
  );
}

/** The top bar and, around `page`, the frame (main, phone footer, desktop home button). */
export function frame(page: string, language: Language, photo: string | null): string {
  const t = (key: string) => text(language, key);
  const e = escapeHtml;
  const avatar = photo ? `<img src="${e(photo)}" alt="">` : PERSON;
  return (
    // Not interactive and hidden from assistive technology: a picture of the screen until the
    // app, a moment later, puts the working one in its place.
    '<div id="first-screen" inert aria-hidden="true">' +
    '<header class="fs-header"><span class="fs-brand"><img src="/logo.svg" alt="" width="32" height="32">' +
    `<span class="fs-app">${e(t('common.appName'))}</span></span><span class="fs-tools">` +
    `<span class="fs-lang" lang="${language}"><span class="fs-left">${GLOBE}</span>` +
    `<span class="fs-box fs-lang-box">${LANGUAGE_NAMES[language]}</span><span class="fs-right">${CHEVRONS}</span></span>` +
    `<span class="fs-avatar"><span>${avatar}</span></span></span></header>` +
    `<main class="fs-main"><div class="fs-container">${page}</div></main>` +
    `<div class="fs-footer"><span class="fs-home">${HOME}</span></div></div>`
  );
}

/** The theme's colours and font (the app's MantineProvider sets the same at run time). */
export function themeVariables(): string {
  const vars: string[] = [`--mantine-font-family:${FONT_FAMILY}`];
  vars.push(`--mantine-font-family-headings:${FONT_FAMILY}`);
  for (const [name, shades] of Object.entries(PALETTE)) {
    for (const shade of [7, 8, 9]) vars.push(`--mantine-color-${name}-${shade}:${shades[shade]}`);
    vars.push(`--mantine-color-${name}-filled:var(--mantine-color-${name}-8)`);
  }
  vars.push('--mantine-color-gray-filled:var(--mantine-color-gray-8)');
  vars.push('--mantine-color-dimmed:var(--mantine-color-gray-7)');
  vars.push('--mantine-color-anchor:var(--mantine-color-green-8)');
  vars.push('--mantine-primary-color-filled:var(--mantine-color-green-filled)');
  // As specific as Mantine's own light-scheme rules (default-css-variables.css), and later.
  // A Nepali page draws with the bundled Devanagari font first, as nepaliFont.css has it: the
  // variables here are more specific than its html[lang="ne"] and would put the system font
  // first, drawn as empty boxes where the system has no Devanagari.
  const nepaliFirst = `--mantine-font-family:"Noto Sans Devanagari",${FONT_FAMILY};--mantine-font-family-headings:var(--mantine-font-family)`;
  return (
    `:root[data-mantine-color-scheme="light"]{${vars.join(';')}}` +
    `:root[lang="ne"][data-mantine-color-scheme="light"]{${nepaliFirst}}`
  );
}

// The first screen's own rules, to the sizes of Mantine's components as the app uses them
// (AppShell 60 px header, Container lg, Breadcrumbs, Title h2, TextInput/Select sm, SimpleGrid,
// Card with padding sm and radius lg...). Mantine's variables come from the app's own
// stylesheet, which index.html loads first. `npm run check:first-screen` compares the boxes.
const RULES = `
#first-screen~#root{display:none}
#first-screen{color:var(--mantine-color-text)}
#first-screen p,#first-screen h1,#first-screen h2{margin:0}
.fs-header{position:fixed;top:0;inset-inline:0;height:60px;z-index:100;background:var(--mantine-color-body);border-bottom:1px solid var(--mantine-color-gray-3);display:flex;align-items:center;justify-content:space-between;gap:var(--mantine-spacing-md);padding-inline:var(--mantine-spacing-md)}
.fs-brand{display:flex;align-items:center;gap:var(--mantine-spacing-xs);min-width:0}
.fs-brand img{width:32px;height:32px;flex-shrink:0}
.fs-app{font-size:var(--mantine-font-size-lg);line-height:var(--mantine-line-height-lg);font-weight:700;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.fs-tools{display:flex;align-items:center;gap:var(--mantine-spacing-xs);flex-shrink:0}
.fs-lang{display:block;position:relative;width:max-content;flex-shrink:0}
.fs-box.fs-lang-box{height:44px;line-height:42px;font-weight:600;padding-inline:36px}
[lang="ne"]:not(html).fs-lang{font-family:"Noto Sans Devanagari",var(--mantine-font-family)}
[lang="ja"]:not(html).fs-lang{font-family:"Noto Sans JP",var(--mantine-font-family)}
.fs-avatar{display:block;padding:3px;min-width:44px;min-height:44px}
.fs-avatar>span{display:flex;align-items:center;justify-content:center;width:38px;height:38px;border-radius:50%;overflow:hidden;background:var(--mantine-color-green-light);color:var(--mantine-color-green-light-color)}
.fs-avatar svg{width:70%;height:70%}.fs-avatar img{width:100%;height:100%;object-fit:cover}
.fs-main{padding:calc(60px + var(--mantine-spacing-md)) var(--mantine-spacing-md) calc(64px + var(--mantine-spacing-md));min-height:100dvh}
.fs-container{max-width:1140px;margin-inline:auto;padding-bottom:16px}
.fs-crumbs{display:flex;align-items:center;flex-wrap:wrap;margin-bottom:var(--mantine-spacing-md);font-size:var(--mantine-font-size-sm);line-height:var(--mantine-line-height-sm)}
.fs-crumbs a{color:var(--mantine-color-anchor);text-decoration:none;white-space:nowrap}
@media (max-width:47.99em){.fs-crumbs a{min-width:44px;min-height:44px;display:flex;align-items:center;justify-content:center;text-align:center}.fs-input .fs-box{height:44px;line-height:42px}}
.fs-sep{margin-inline:6px;line-height:1;font-size:var(--mantine-font-size-md);color:var(--mantine-color-gray-7)}
.fs-current{color:var(--mantine-color-dimmed);white-space:nowrap}
.fs-title{font-family:var(--mantine-font-family-headings);font-size:var(--mantine-h2-font-size);line-height:var(--mantine-h2-line-height);font-weight:var(--mantine-h2-font-weight);margin-bottom:var(--mantine-spacing-md)!important}
.fs-flex{display:flex;gap:var(--mantine-spacing-lg);align-items:flex-start}
.fs-side{display:none;width:220px;flex-shrink:0}
.fs-side-head{font-size:var(--mantine-font-size-xs);line-height:var(--mantine-line-height-xs);font-weight:700;text-transform:uppercase;color:var(--mantine-color-dimmed);padding-inline:var(--mantine-spacing-sm);margin-bottom:4px!important}
.fs-navlink{display:block;font-size:var(--mantine-font-size-md);line-height:var(--mantine-line-height)}
.fs-navlink>span{font-size:var(--mantine-font-size-sm)}
.fs-body{flex:1;min-width:0;display:flex;flex-direction:column;gap:var(--mantine-spacing-sm)}
.fs-filters{position:sticky;top:60px;z-index:10;background:var(--mantine-color-body);padding-block:6px;margin-block:-6px;display:flex;flex-direction:column;gap:var(--mantine-spacing-xs)}
.fs-field{display:block;line-height:var(--mantine-line-height)}
.fs-label{display:inline-block;font-size:var(--mantine-font-size-sm);font-weight:var(--mantine-font-weight-medium)}
.fs-input{display:block;position:relative}
.fs-box{display:block;width:100%;height:36px;box-sizing:border-box;border:1px solid var(--mantine-color-gray-4);border-radius:var(--mantine-radius-md);background:var(--mantine-color-white);font-size:var(--mantine-font-size-sm);line-height:34px;padding-inline:12px;color:var(--mantine-color-black);white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.fs-placeholder{color:var(--mantine-color-placeholder)}
.fs-search{padding-inline-start:36px}
.fs-select{padding-inline-end:36px}
.fs-left,.fs-right{position:absolute;top:1px;bottom:1px;width:34px;display:flex;align-items:center;justify-content:center;color:var(--mantine-color-dimmed);z-index:1}
.fs-left{inset-inline-start:1px}.fs-right{inset-inline-end:1px}
.fs-count{width:fit-content;font-size:var(--mantine-font-size-sm);line-height:var(--mantine-line-height-sm);color:var(--mantine-color-dimmed);margin-bottom:var(--mantine-spacing-xs)!important}
.fs-empty{color:var(--mantine-color-dimmed);text-align:center;padding-block:var(--mantine-spacing-xl)}
.fs-grid{display:grid;grid-template-columns:repeat(2,minmax(0,1fr));gap:var(--mantine-spacing-xs)}
.fs-card{position:relative;overflow:hidden;display:flex;flex-direction:column;height:100%;box-sizing:border-box;padding:var(--mantine-spacing-sm);border:1px solid var(--mantine-color-gray-3);border-radius:var(--mantine-radius-lg);background:var(--mantine-color-white)}
.fs-pic{display:block;position:relative;margin:calc(var(--mantine-spacing-sm) * -1) calc(var(--mantine-spacing-sm) * -1) 0}
.fs-pic img,.fs-noimage{display:block;width:100%;aspect-ratio:4/3;object-fit:cover}
.fs-noimage{display:flex;align-items:center;justify-content:center;background:var(--mantine-color-gray-1);color:var(--mantine-color-dimmed);font-size:36px}
.fs-badges{position:absolute;top:8px;left:8px;display:flex;gap:4px;flex-wrap:wrap}
.fs-badge{display:inline-grid;align-items:center;justify-content:center;height:20px;padding-inline:10px;font-size:11px;line-height:18px;font-weight:700;letter-spacing:.25px;border:1px solid transparent;border-radius:var(--mantine-radius-sm);background:var(--fs-badge);color:var(--mantine-color-white);white-space:nowrap;overflow:hidden}
.fs-heart{position:absolute;top:8px;right:8px;width:44px;height:44px;box-sizing:border-box;display:flex;align-items:center;justify-content:center;border:1px solid transparent;border-radius:var(--mantine-radius-xl);background:var(--mantine-color-white);color:var(--mantine-color-red-filled);box-shadow:var(--mantine-shadow-xs)}
.fs-info{display:flex;flex-direction:column;gap:4px;margin-top:var(--mantine-spacing-sm)}
.fs-cat,.fs-name,.fs-desc{overflow:hidden;text-overflow:ellipsis;display:-webkit-box;-webkit-box-orient:vertical}
.fs-cat{font-size:var(--mantine-font-size-xs);line-height:var(--mantine-line-height-xs);color:var(--mantine-color-dimmed);font-weight:600;text-transform:uppercase;-webkit-line-clamp:1}
.fs-name{font-size:var(--mantine-font-size-sm);line-height:1.3;font-weight:600;-webkit-line-clamp:3}
.fs-desc{font-size:var(--mantine-font-size-xs);line-height:var(--mantine-line-height-xs);color:var(--mantine-color-dimmed);-webkit-line-clamp:4}
.fs-price{display:flex;flex-wrap:wrap;align-items:baseline;gap:6px;margin-top:auto;padding-top:4px}
.fs-yen{font-size:var(--mantine-font-size-md);line-height:var(--mantine-line-height-md);font-weight:700}
.fs-unit{font-size:var(--mantine-font-size-xs);line-height:var(--mantine-line-height-xs);color:var(--mantine-color-dimmed)}
.fs-actions{margin-top:var(--mantine-spacing-sm)}
.fs-button{display:flex;align-items:center;justify-content:center;min-height:44px;box-sizing:border-box;border:1px solid transparent;border-radius:var(--mantine-radius-md);background:var(--mantine-primary-color-filled);color:var(--mantine-color-white);font-size:var(--mantine-font-size-sm);font-weight:600;white-space:nowrap}
.fs-button.fs-disabled{background:var(--mantine-color-disabled);color:var(--mantine-color-disabled-color)}
.fs-footer{position:fixed;bottom:0;inset-inline:0;height:64px;z-index:100;background:var(--mantine-color-body);border-top:1px solid var(--mantine-color-gray-3);padding-inline:var(--mantine-spacing-md);display:flex;align-items:center;justify-content:flex-end}
.fs-home{display:flex;align-items:center;justify-content:center;width:52px;height:52px;border-radius:50%;background:var(--mantine-primary-color-filled);color:var(--mantine-color-white);box-shadow:var(--mantine-shadow-md)}
@media (min-width:48em){
.fs-side{display:block;position:sticky;top:76px}
.fs-phone{display:none}
.fs-grid{gap:var(--mantine-spacing-md)}
.fs-main{padding-bottom:var(--mantine-spacing-md)}
.fs-container{padding-bottom:80px}
.fs-footer{top:auto;bottom:20px;inset-inline:auto 20px;height:auto;padding:0;border:0;background:none;z-index:200}
}
@media (min-width:62em){.fs-grid{grid-template-columns:repeat(3,minmax(0,1fr))}}
`;

let stylesheet: string | null = null;
const firstScreenCss = () => {
  stylesheet ??= themeVariables() + RULES.replace(/\n/g, '');
  return stylesheet;
};

/** What is read from the built client (again after a build): its index.html and the Nepali font's rules. */
export interface Shell {
  html: string;
  nepaliFontCss: string;
}

const shells = new Map<string, { shell: Shell; stamp: number }>();

export function shellOf(clientDir: string): Shell {
  const index = path.join(clientDir, 'index.html');
  // Read again when index.html changed: a build while the server runs (an upgrade's `npm run
  // build` before its restart) deletes the scripts the old one named, and `/` kept sending that
  // one, a blank page, until the server was restarted.
  const stamp = fs.statSync(index).mtimeMs;
  let shell = shells.get(clientDir)?.stamp === stamp ? shells.get(clientDir)?.shell : undefined;
  if (!shell) {
    const html = fs.readFileSync(index, 'utf8');
    // The Devanagari font's @font-face rules and its html[lang=ne] variables, as the app
    // loads them for a Nepali reader (client/src/nepaliFont.ts): a Nepali first screen draws
    // with the same font.
    let nepaliFontCss = '';
    try {
      const manifest = JSON.parse(
        fs.readFileSync(path.join(clientDir, '.vite', 'manifest.json'), 'utf8'),
      ) as Record<string, { css?: string[] }>;
      for (const file of manifest['src/nepaliFont.ts']?.css ?? []) {
        nepaliFontCss += fs.readFileSync(path.join(clientDir, file), 'utf8');
      }
    } catch {
      // Without it the system's Devanagari font draws the Nepali text.
    }
    shell = { html, nepaliFontCss };
    shells.set(clientDir, { shell, stamp });
  }
  return shell;
}

/** index.html with the first screen in it; throws when the shell is not as expected. */
export function withFirstScreen(
  html: string,
  opts: { screen: string; language: Language; css: string },
): string {
  const marks = ['<html lang="en">', '<script src="/early.js"', '</head>', '<div id="root"></div>'];
  for (const mark of marks) {
    if (!html.includes(mark)) throw new Error(`first screen: index.html has no ${mark}`);
  }
  const title = escapeHtml(text(opts.language, 'common.appName'));
  return (
    html
      .replace(
        '<html lang="en">',
        // The colour scheme MantineProvider sets on mount: Mantine's light-scheme variables.
        `<html lang="${opts.language}" data-mantine-color-scheme="light">`,
      )
      // early.js need not fetch the first pictures ahead: the cards below already ask for them.
      .replace('<script src="/early.js"', '<script src="/early.js" data-first-screen="1"')
      .replace(/<title>[^<]*<\/title>/, `<title>${title}</title>`)
      // Replacer functions: a `$` in the text must not be read as a replacement pattern.
      .replace('</head>', () => `<style id="first-screen-style">${opts.css}</style></head>`)
      .replace('<div id="root"></div>', () => `${opts.screen}<div id="root"></div>`)
  );
}

/** Kept per catalogue version, categories version, language and price basis. */
const pages = new LruCache<string, string>(8);

/**
 * The catalogue's HTML with its first screen for a signed-in customer, or null when this
 * request gets the plain index.html (not the catalogue's URL, not a customer, any error).
 */
export function firstScreenPage(
  services: Services,
  req: FastifyRequest,
  reply: FastifyReply,
): string | null {
  if (req.method !== 'GET' || !isCataloguePath(req.url)) return null;
  try {
    const ctx = createContextFromRequest(services, req, reply);
    const user = ctx.user;
    if (user?.account.kind !== 'customer' || !user.customer) return null;
    const language = firstScreenLanguage(
      user.account.language,
      req.cookies?.lang,
      req.headers['accept-language'],
    );
    const catalogue = customerCatalogue(services.db, user.customer.id);
    const categories = categoriesSnapshot(services.db);
    const { basis } = getTaxSettings(services.db);
    const key = `${catalogue.tag} ${categories.tag} ${language} ${basis}`;
    let page = pages.get(key);
    if (page === undefined) {
      page = cataloguePart(catalogue.products, categories.list, language, basis);
      pages.set(key, page);
    }
    const shell = shellOf(services.config.clientDir);
    return withFirstScreen(shell.html, {
      screen: frame(page, language, user.account.photo ?? null),
      language,
      // Japanese: no font rules here (~60 KB compressed for two weights' unicode ranges). The
      // phone's own Japanese font draws the first screen; the app loads Noto Sans JP after it.
      css: firstScreenCss() + (language === 'ne' ? shell.nepaliFontCss : ''),
    });
  } catch (err) {
    req.log.warn({ err }, 'first screen not rendered; the plain index.html instead');
    return null;
  }
}

/** For tests: forget what was read from the built client. */
export function forgetShells(): void {
  shells.clear();
  pages.clear();
}
