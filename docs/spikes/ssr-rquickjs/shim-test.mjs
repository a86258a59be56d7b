import { readFileSync } from 'node:fs';
import vm from 'node:vm';
const real = { URL, URLSearchParams, Intl };
const ctx = { console };
vm.createContext(ctx);
vm.runInContext('delete globalThis.URL; delete globalThis.URLSearchParams; delete globalThis.Intl;' + readFileSync('/work/spike/ssr-shims.js','utf8'), ctx);
let bad = 0;
const eq = (what, a, b) => { if (a !== b) { bad++; if (bad < 30) console.log('MISMATCH', what, JSON.stringify(a), JSON.stringify(b)); } };
const opts = [
  ['en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 0, maximumFractionDigits: 0 }],
  ['en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2, maximumFractionDigits: 2 }],
  ['en-IN', { style: 'percent', maximumFractionDigits: 1 }],
];
const nums = [0, 1, 9, 99, 999, 1000, 1299, 12345, 100000, 1234567, 123456789, 1169.1, 1.005, 2.675, 0.5, 1.5, 2.5, 1039.2, 4639.2, 10000000, -1299, -0.5, 0.999, 1999.995];
for (let i = 0; i < 3000; i++) nums.push(Math.round(Math.random() * 1e9) / 100);
for (const [l, o] of opts) {
  const a = new real.Intl.NumberFormat(l, o), b = vm.runInContext(`new Intl.NumberFormat(${JSON.stringify(l)}, ${JSON.stringify(o)})`, ctx);
  for (const n of nums) eq(`${JSON.stringify(o)} ${n}`, b.format(n), a.format(n));
}
// Discounted prices as the cards compute them.
const c = new real.Intl.Collator('en', { numeric: true, sensitivity: 'base' }), d = vm.runInContext(`new Intl.Collator('en', { numeric: true, sensitivity: 'base' })`, ctx);
const sizes = ['UK 6','UK 7','UK 10','UK 8','uk 9','UK 11','EU 42','EU 40','US 9.5','US 10','Free size','S','M','L','XL'];
eq('collator', JSON.stringify([...sizes].sort(d.compare)), JSON.stringify([...sizes].sort(c.compare)));
const urls = ['/product/abc', '/product/a b', '/category/Kids%20Shoes', '/search?q=red shoe&size=UK 8', '/p/é#x y', '/a/./b/../c', 'https://ex.com/x?y#z', '/ü?ü#ü', '/a"b<c>d`e{f}', '/x?a\'b'];
for (const u of urls) { const a = new real.URL(u, 'http://localhost'); const b = vm.runInContext(`new URL(${JSON.stringify(u)}, 'http://localhost')`, ctx); for (const k of ['pathname','search','hash','href']) eq(`URL ${u} ${k}`, b[k], a[k]); }
const qs = ['q=red+shoe&size=UK%208', 'a=1&a=2&b', '?x=%E0%A4%B9&y=%zz', 'q=caf%C3%A9'];
for (const q of qs) { const a = new real.URLSearchParams(q); const b = vm.runInContext(`new URLSearchParams(${JSON.stringify(q)})`, ctx); eq(`USP ${q}`, b.toString(), a.toString()); eq(`USP get ${q}`, JSON.stringify(b.get('q')), JSON.stringify(a.get('q'))); }
const params = {category: 'a,b', sort: 'newest', q: 'red & blue shoe ü*~\'()!', page: 1, limit: 24};
{ const a = new real.URLSearchParams(); for (const [k,v] of Object.entries(params)) a.set(k, String(v)); const b = vm.runInContext(`(() => { const s = new URLSearchParams(); for (const [k,v] of Object.entries(${JSON.stringify(params)})) s.set(k, String(v)); return s.toString(); })()`, ctx); eq('USP set', b, a.toString()); }
console.log(bad ? `${bad} mismatches` : 'shims match Node on all cases');
