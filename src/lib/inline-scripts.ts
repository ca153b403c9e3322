import { createHash } from 'node:crypto';
import { ANALYTICS_DELAY_MS } from './analytics.ts';
import { COUNT_KEY } from './cart-view.ts';

/**
 * The store's few inline scripts, for what must happen before (or without) any island. Their code is
 * fixed, so the Content-Security-Policy allows each by its hash (astro.config.mjs); what varies travels
 * in the script element's own data-* attributes, read through `document.currentScript`. Each runs in its
 * own function scope (`scoped`): a classic script's `var` is a global, and two scripts sharing a name
 * would break each other.
 */

const scoped = (code: string): string => `(function(){${code}})()`;

/**
 * Header: the cart count from local storage at first paint, 0 included (spec: the icon always shows the
 * count; its slot is absolutely placed, so it never shifts the layout).
 */
const FIRST_PAINT_COUNT = scoped(
  `try{var n=Number(localStorage.getItem(${JSON.stringify(COUNT_KEY)}))||0,b=document.querySelector('[data-cart-count]');if(b){b.textContent=String(n);b.hidden=false}}catch(e){}`,
);

/** The server's cart page: its count (`data-quantidade`) goes to the header now and is kept for the next page. */
export const STORE_COUNT = scoped(
  `try{var n=document.currentScript.dataset.quantidade,b=document.querySelector('[data-cart-count]');localStorage.setItem(${JSON.stringify(COUNT_KEY)},n);if(b){b.textContent=n;b.hidden=false}}catch(e){}`,
);

/**
 * Analytics events known to the server (`data-evento`: one event or a list, JSON; lib/page-events.ts), pushed
 * ANALYTICS_DELAY_MS late like the islands' (or as the page is left, so none is lost); an ecommerce event
 * is preceded by `{ecommerce: null}`, as GA4 asks.
 */
export const PUSH_EVENT = scoped(
  `try{var l=[].concat(JSON.parse(document.currentScript.dataset.evento)),d=false,f=function(){if(d)return;d=true;var w=window.dataLayer=window.dataLayer||[];l.forEach(function(e){if(e.ecommerce)w.push({ecommerce:null});w.push(e)})};setTimeout(f,${String(ANALYTICS_DELAY_MS)});addEventListener('pagehide',f)}catch(e){}`,
);

/**
 * The order page's Pix box: shows the copy button (hidden without JavaScript, where the code is selected
 * by hand) and copies the code, counts down the minutes left to pay (`data-expira`, ISO), and asks every 5 s
 * (while the page is in view, until a minute past the deadline) whether the order still waits: once paid
 * (or cancelled) the page says so and reloads. Without JavaScript, the box's link reloads it.
 */
export const PIX_BOX = scoped(
  `try{var s=document.currentScript,b=document.getElementById('copiar-pix'),f=document.getElementById('pix-codigo'),o=document.getElementById('pix-copiado'),r=document.getElementById('pix-resta'),e=Date.parse(s.dataset.expira);if(b&&f&&o&&navigator.clipboard){b.hidden=false;b.addEventListener('click',function(){navigator.clipboard.writeText(f.value).then(function(){o.textContent='Código copiado. Cole no app do seu banco, na opção Pix copia e cola.'},function(){f.select();o.textContent='Não conseguimos copiar: o código está selecionado, copie-o.'})})}var u=function(){var m=Math.max(0,Math.ceil((e-Date.now())/60000));if(r)r.textContent=m>0?' (faltam '+m+' min)':' (tempo esgotado: atualize a página)'};u();setInterval(u,15000);var busy=false,p=setInterval(function(){if(Date.now()>e+60000){clearInterval(p);return}if(busy||document.visibilityState!=='visible')return;busy=true;fetch('/api/v2/front/checkout/order/'+s.dataset.numero,{headers:{'App-Token':s.dataset.token,Accept:'application/json'},credentials:'same-origin'}).then(function(x){return x.ok?x.json():null}).then(function(j){busy=false;if(j&&j.pedido&&j.pedido.situacao!=='aguardando_pagamento'){clearInterval(p);if(o)o.textContent=j.pedido.situacao==='pago'?'Pagamento confirmado! Atualizando a página…':'A situação do pedido mudou. Atualizando a página…';location.reload()}},function(){busy=false})},5000)}catch(x){}`,
);

/**
 * The address forms: typing a whole CEP (or pressing 'Buscar endereço') fills street, district, city and
 * state from the platform (`data-token`: the app token) and moves on to the number; the status line says
 * what happened. Typing never overwrites what the shopper wrote (only empty or self-filled fields). Without JavaScript the button posts the form and the page does it (controllers/cep-fill.ts).
 */
export const CEP_FILL = scoped(
  `try{var s=document.currentScript,f=s.closest('form'),q=function(n){return f.querySelector('[name='+n+']')},c=q('cep'),o=document.getElementById('cep-estado'),b=f.querySelector('button[value=buscar-cep]'),last='',go=function(now){var d=c.value.replace(/\\D/g,'');if(d.length!==8||(d===last&&!now))return;last=d;o.textContent='Buscando o endereço…';fetch('/api/v2/front/address/cep/'+d,{headers:{'App-Token':s.dataset.token,Accept:'application/json'},credentials:'same-origin'}).then(function(r){return r.json().then(function(j){if(!r.ok)throw j;return j})}).then(function(j){['logradouro','bairro','cidade','uf'].forEach(function(k){var e=q(k);if(j[k]&&e&&(now||!e.value||e.value===e.dataset.auto)){e.value=j[k];e.dataset.auto=j[k]}});var p=[j.logradouro,j.bairro,j.cidade&&j.cidade+'/'+j.uf].filter(Boolean).join(', ')||j.uf;o.textContent='Endereço encontrado: '+p+'. '+(j.logradouro?'Informe o número.':'Complete a rua e o bairro.');if(now||document.activeElement===c)q(j.logradouro?'numero':'logradouro').focus()},function(e){o.textContent=e&&e.mensagem?e.mensagem:'Não conseguimos consultar o CEP agora. Preencha o endereço abaixo.'})};c.addEventListener('input',function(){go(false)});if(b)b.addEventListener('click',function(e){e.preventDefault();go(true)})}catch(x){}`,
);

/**
 * Link prefetch: the browser's own speculation rules fetch a store page when the pointer rests on its link
 * (or a finger goes down on it), so the next page opens at once; no script is downloaded for it. Private
 * and cart pages are left out (they change with every visit), and so are API calls.
 */
export const PREFETCH_RULES = JSON.stringify({
  prefetch: [
    {
      source: 'document',
      where: {
        and: [
          { href_matches: '/*' },
          {
            not: {
              href_matches: [
                '/checkout/*',
                '/minha-conta/*',
                '/carrinho/*',
                '/api/*',
                '/favoritos*',
                '/newsletter*',
              ],
            },
          },
        ],
      },
      eagerness: 'moderate',
    },
  ],
});

/**
 * The prefetch rules go in only when fetching ahead is welcome: online, no data saver, not on a 2G
 * connection (as Astro's prefetch decides), and where the browser has speculation rules at all.
 */
const PREFETCH = scoped(
  `try{var c=navigator.connection;if(navigator.onLine&&!(c&&(c.saveData||/2g/.test(c.effectiveType)))&&HTMLScriptElement.supports&&HTMLScriptElement.supports('speculationrules')){var s=document.createElement('script');s.type='speculationrules';s.textContent=${JSON.stringify(PREFETCH_RULES)};document.head.append(s)}}catch(e){}`,
);

/**
 * Every page's one script before any island (in the header, by its cart count): the count at first paint
 * and the prefetch rules. One element, so the page's policy names one hash for both.
 */
export const FIRST_PAINT = `${FIRST_PAINT_COUNT};${PREFETCH}`;

/** Every inline script's code, and the prefetch rules (the CSP checks speculation rules like scripts). */
export const INLINE_SCRIPTS = [FIRST_PAINT, STORE_COUNT, PUSH_EVENT, PIX_BOX, CEP_FILL, PREFETCH_RULES];

/** The CSP source that allows one inline script. */
export const scriptHash = (code: string): `sha256-${string}` =>
  `sha256-${createHash('sha256').update(code).digest('base64')}`;
