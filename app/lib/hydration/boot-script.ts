import { TOKEN_KEY } from '../auth';

/** The id the server gives React Router's module script once it is made inert (see defer-scripts.server.ts). */
export const DEFERRED_MODULE_ID = 'rr-deferred-module';
/** The type that keeps the browser from running that script until the boot script does. */
export const DEFERRED_MODULE_TYPE = 'text/x-deferred-module';
/**
 * The type of React Router's inline scripts (its context and the page's data) until the page starts:
 * evaluated at load they cost a slow phone's main thread time nothing needs until hydration.
 */
export const DEFERRED_DATA_TYPE = 'text/x-deferred-data';
/**
 * When a page's JavaScript runs: `load` right after the first paint; `interaction` only on the
 * visitor's first touch, click, key or focus (its files are fetched ahead, after the load event).
 * Signed-in visitors always get `load`: their session needs checking at once.
 */
export type HydrateWhen = 'load' | 'interaction';
/** A route module's `handle` that lets the page wait for the visitor (content pages). */
export const HYDRATE_ON_INTERACTION = { hydrate: 'interaction' as HydrateWhen };
/** Dispatched on window by the root once React has hydrated the page (see useHydrationSignal). */
export const HYDRATED_EVENT = 'app:hydrated';

/**
 * Runs inline at the end of <body>. It starts the page's JavaScript only after the first paint
 * (the load event and the first contentful paint, or 3 s after the load event; on an
 * `interaction` page it only fetches the files then), and at once on the first interaction; then it
 * asks for every file the page needs in one go. Until React has hydrated, a click on a button or a
 * form submit is held and replayed afterwards, and what was typed into a field is handed to React,
 * so nothing a visitor does on a slow phone is lost.
 * Links and the no-JavaScript menus work natively and are left alone, but for links marked
 * `data-hold-click` (a thumbnail that opens the lightbox rather than the bare file). Arrow, Home
 * and End keys on a tab are held too. A carousel viewport marked `data-autoplay="ms"` is scrolled
 * one slide at a time until the page starts (reduced motion: never), then its carousel takes over.
 */
export const HYDRATION_BOOT_SCRIPT = `(function(){
var d=document,w=window,started=0,hydrated=0,held=[],edited=new Map();
function start(){if(started)return;started=1;var i=d.getElementById(${JSON.stringify(DEFERRED_MODULE_ID)});if(!i)return;
// React Router's context and data first, in document order, as the parser would have run them.
d.querySelectorAll('script[type="${DEFERRED_DATA_TYPE}"]').forEach(function(x){var s=d.createElement('script');s.textContent=x.textContent;d.body.appendChild(s);s.remove()});
// Every file at once: left to the imports, they come in a waterfall of four or five round trips.
files(i).forEach(function(h){if(!h)return;var l=d.createElement('link');l.rel='modulepreload';l.href=h;d.head.appendChild(l)});var s=d.createElement('script');s.type='module';s.textContent=i.textContent;d.body.appendChild(s);
setTimeout(function(){if(!hydrated){hydrated=1;held=[];edited.clear()}},30000)}
function files(i){return (i.getAttribute('data-prefetch')||'').split(' ')}
// One file per task: adding all the links in one task blocks the page for tens of milliseconds.
function prefetch(i){var hs=files(i);(function next(){var h=hs.shift();if(h===undefined||started)return;
if(h){var l=d.createElement('link');l.rel='prefetch';l.href=h;d.head.appendChild(l)}task(next)})()}
function signedIn(){try{return !!localStorage.getItem(${JSON.stringify(TOKEN_KEY)})}catch(e){return false}}
function go(){var i=d.getElementById(${JSON.stringify(DEFERRED_MODULE_ID)});if(!i)return;if(i.getAttribute('data-hydrate')==='interaction'&&!signedIn())prefetch(i);else start()}
// A task of its own without timers: a page whose clock is paused or faked still starts.
function task(f){var c=new MessageChannel();c.port1.onmessage=function(){f()};c.port2.postMessage(0)}
function later(){var done=0;function once(){if(!done){done=1;task(go)}}setTimeout(once,3000);
try{new PerformanceObserver(function(l){if(l.getEntriesByName('first-contentful-paint').length)once()}).observe({type:'paint',buffered:true})}catch(e){requestAnimationFrame(function(){requestAnimationFrame(once)})}}
function hold(e){if(hydrated)return;start();var t=e.target;if(!(t instanceof Element))return;
if(e.type==='submit'){e.preventDefault();e.stopImmediatePropagation();held.push(function(){t.isConnected&&t.requestSubmit()});return}
if(e.type==='click'){var b=t.closest('button,input[type=submit],input[type=button],[role=button],[data-hold-click]');if(!b||b.hasAttribute('popovertarget')||b.closest('summary'))return;
e.preventDefault();e.stopImmediatePropagation();held.push(function(){if(!b.isConnected)return;b.dispatchEvent(new MouseEvent('mousedown',{bubbles:true,cancelable:true,button:0}));b.click()});return}
if(e.type==='keydown'){var k=e.key,tab=t.closest('[role=tab]');if(tab&&/^(Arrow(Left|Right|Up|Down)|Home|End)$/.test(k)){e.preventDefault();e.stopImmediatePropagation();
held.push(function(){tab.isConnected&&tab.dispatchEvent(new KeyboardEvent('keydown',{key:k,bubbles:true,cancelable:true}))})}return}
if(e.type==='input'||e.type==='change')note(t)}
// The value is kept as typed: a render between hydration and the signal may reset a field to its state.
function note(t){edited.set(t,t.type==='checkbox'||t.type==='radio'?t.checked:t.value)}
// Carousels move on their own before React runs them (spec: every 3 s), until the page starts.
// The clock starts at the load event: on a slow line the first slide is shown whole for 3 s.
function autoplay(){var still=0;try{still=matchMedia('(prefers-reduced-motion: reduce)').matches}catch(e){}
d.querySelectorAll('[data-autoplay]').forEach(function(v){mark(v,0);if(!still)loaded(function(){run(v)})})}
function run(v){var id=setInterval(function(){if(started||hydrated){clearInterval(id);return}if(d.hidden)return;
var f=v.firstElementChild&&v.firstElementChild.firstElementChild,step=f?f.getBoundingClientRect().width:0;if(!step)return;
var x=v.scrollLeft+step;if(x>v.scrollWidth-v.clientWidth+1)x=0;v.scrollTo({left:x,behavior:'smooth'});mark(v,Math.round(x/step))},Number(v.getAttribute('data-autoplay'))||3000)}
function loaded(f){if(d.readyState==='complete')f();else w.addEventListener('load',f)}
function mark(v,at){var s=v.closest('section'),dots=s&&s.querySelector('[data-carousel-dots]');if(dots)[].forEach.call(dots.children,function(b,i){if(i===at)b.setAttribute('aria-current','true');else b.removeAttribute('aria-current')})}
autoplay();
function own(el,p){var o=Object.getPrototypeOf(el);return Object.getOwnPropertyDescriptor(o,p)}
function replay(el,v){if(!el.isConnected)return;
if(el instanceof HTMLSelectElement){if(!el.multiple)el.value=v;el.dispatchEvent(new Event('change',{bubbles:true}));return}
if(el.type==='checkbox'||el.type==='radio'){if(v===el.defaultChecked&&el.type==='radio')return;el.checked=!v;el.click();return}
if(!('value' in el)||el.type==='file')return;var set=own(el,'value');el.value=v+' ';set&&set.set.call(el,v);el.dispatchEvent(new Event('input',{bubbles:true}))}
['pointerdown','touchstart','keydown','focusin','click','submit','input','change'].forEach(function(n){d.addEventListener(n,hold,true)});
w.addEventListener(${JSON.stringify(HYDRATED_EVENT)},function(){if(hydrated)return;hydrated=1;var h=held;edited.forEach(function(v,el){replay(el,v)});held=[];edited.clear();
// React commits the replayed typing in a microtask: the held clicks and submits come after it.
task(function(){h.forEach(function(f){f()})})});
loaded(later)})()`;
