/**
 * The page's first script, inline in every page's <head> (src/layouts/BaseLayout.astro, its hash
 * in the CSP: astro.config.mjs): until an island has hydrated (Astro drops its `ssr` attribute
 * then), a submit of one of its pre-rendered forms, or a press on a button marked `data-early`
 * (Apple, Google), is stopped and kept, so that the form never posts natively and the island
 * replays it once it runs (src/ui/early-input.ts). It touches no HTML sink (Trusted Types hold)
 * and is written for every browser the site serves, untranspiled.
 */

/** Where the kept press waits: `submit`, or the pressed button's `data-early`. */
export const EARLY_ACTION = '__earlyAction';

export const EARLY_INPUT_SCRIPT = [
  '(function(){',
  'function keep(event,action){',
  "var island=event.target.closest&&event.target.closest('astro-island[ssr]');",
  'if(!island)return;',
  'event.preventDefault();',
  `window.${EARLY_ACTION}=action;`,
  '}',
  "addEventListener('submit',function(event){keep(event,'submit');},true);",
  "addEventListener('click',function(event){",
  "var button=event.target.closest&&event.target.closest('[data-early]');",
  "if(button)keep(event,button.getAttribute('data-early'));",
  '},true);',
  '})();',
].join('');
