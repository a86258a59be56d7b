// What the server bundle needs from a browser or Node that QuickJS (quickjs-ng, through rquickjs)
// does not have. Each is installed only when missing, so in Node the real ones are used (and
// `node node-render.mjs --shims` checks these against them). Spike quality, but the output of
// everything the four drawn pages call must be byte-identical to V8/ICU's.
(function (g) {
  'use strict';

  // console: to the host's `__log(level, text)` when it gives one, else nowhere.
  if (typeof g.console === 'undefined') {
    const out = (level) => (...args) => {
      if (typeof g.__log === 'function') g.__log(level, args.map((a) => (a instanceof Error ? `${a.name}: ${a.message}\n${a.stack}` : typeof a === 'string' ? a : safeJson(a))).join(' '));
    };
    const safeJson = (v) => {
      try {
        return JSON.stringify(v);
      } catch {
        return String(v);
      }
    };
    g.console = { log: out('log'), info: out('info'), warn: out('warn'), error: out('error'), debug: out('debug') };
  }

  // Timers: a render is synchronous and nothing runs after it (react-query's notifications have
  // no subscribers on the server), so a timer is given an id and never fires.
  if (typeof g.setTimeout === 'undefined') {
    let next = 1;
    g.setTimeout = () => next++;
    g.setInterval = () => next++;
    g.clearTimeout = () => {};
    g.clearInterval = () => {};
  }
  if (typeof g.queueMicrotask === 'undefined') {
    g.queueMicrotask = (fn) => void Promise.resolve().then(fn);
  }

  // --- URLSearchParams (application/x-www-form-urlencoded, as WHATWG URL) ---
  const utf8 = (s) => {
    const bytes = [];
    for (const ch of s) {
      let c = ch.codePointAt(0);
      if (c >= 0xd800 && c <= 0xdfff) c = 0xfffd;
      if (c < 0x80) bytes.push(c);
      else if (c < 0x800) bytes.push(0xc0 | (c >> 6), 0x80 | (c & 63));
      else if (c < 0x10000) bytes.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
      else bytes.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
    }
    return bytes;
  };
  const hex = (b) => '%' + (b < 16 ? '0' : '') + b.toString(16).toUpperCase();
  const formEncode = (s) => {
    let out = '';
    for (const b of utf8(String(s))) {
      if (b === 0x20) out += '+';
      else if ((b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a) || b === 0x2a || b === 0x2d || b === 0x2e || b === 0x5f) out += String.fromCharCode(b);
      else out += hex(b);
    }
    return out;
  };
  const percentDecode = (s) => {
    // Decode %XX runs as UTF-8; an invalid sequence is kept as written (as WHATWG URL does).
    return s.replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) => {
      try {
        return decodeURIComponent(run);
      } catch {
        return run;
      }
    });
  };
  const formDecode = (s) => percentDecode(s.replace(/\+/g, ' '));

  if (typeof g.URLSearchParams === 'undefined') {
    class URLSearchParams {
      constructor(init) {
        this._list = [];
        if (init == null || init === '') return;
        if (typeof init === 'string') {
          this._parse(init);
        } else if (init instanceof URLSearchParams) {
          this._list = init._list.map(([k, v]) => [k, v]);
        } else if (typeof init[Symbol.iterator] === 'function') {
          for (const pair of init) {
            const [k, v] = [...pair];
            this._list.push([String(k), String(v)]);
          }
        } else {
          for (const k of Object.keys(init)) this._list.push([k, String(init[k])]);
        }
      }
      _parse(s) {
        if (s[0] === '?') s = s.slice(1);
        for (const part of s.split('&')) {
          if (!part) continue;
          const eq = part.indexOf('=');
          const k = eq >= 0 ? part.slice(0, eq) : part;
          const v = eq >= 0 ? part.slice(eq + 1) : '';
          this._list.push([formDecode(k), formDecode(v)]);
        }
      }
      get size() {
        return this._list.length;
      }
      append(k, v) {
        this._list.push([String(k), String(v)]);
      }
      delete(k, v) {
        k = String(k);
        this._list = this._list.filter(([a, b]) => !(a === k && (v === undefined || b === String(v))));
      }
      get(k) {
        k = String(k);
        const hit = this._list.find(([a]) => a === k);
        return hit ? hit[1] : null;
      }
      getAll(k) {
        k = String(k);
        return this._list.filter(([a]) => a === k).map(([, b]) => b);
      }
      has(k, v) {
        k = String(k);
        return this._list.some(([a, b]) => a === k && (v === undefined || b === String(v)));
      }
      set(k, v) {
        k = String(k);
        v = String(v);
        const i = this._list.findIndex(([a]) => a === k);
        if (i < 0) {
          this._list.push([k, v]);
          return;
        }
        this._list[i][1] = v;
        this._list = this._list.filter(([a], j) => j <= i || a !== k);
      }
      sort() {
        this._list = this._list.map((p, i) => [p, i]).sort((a, b) => (a[0][0] < b[0][0] ? -1 : a[0][0] > b[0][0] ? 1 : a[1] - b[1])).map(([p]) => p);
      }
      forEach(fn, self) {
        for (const [k, v] of this._list) fn.call(self, v, k, this);
      }
      keys() {
        return this._list.map(([k]) => k)[Symbol.iterator]();
      }
      values() {
        return this._list.map(([, v]) => v)[Symbol.iterator]();
      }
      entries() {
        return this._list.map(([k, v]) => [k, v])[Symbol.iterator]();
      }
      [Symbol.iterator]() {
        return this.entries();
      }
      toString() {
        return this._list.map(([k, v]) => `${formEncode(k)}=${formEncode(v)}`).join('&');
      }
    }
    g.URLSearchParams = URLSearchParams;
  }

  // --- URL: enough for react-router (a path, or an http(s) address, against a base) ---
  if (typeof g.URL === 'undefined') {
    // WHATWG percent-encode sets for special schemes: path, query, fragment.
    const PATH = new Set([0x20, 0x22, 0x23, 0x3c, 0x3e, 0x3f, 0x60, 0x7b, 0x7d]);
    const QUERY = new Set([0x20, 0x22, 0x23, 0x3c, 0x3e, 0x27]);
    const FRAGMENT = new Set([0x20, 0x22, 0x3c, 0x3e, 0x60]);
    const encodeSet = (s, set) => {
      let out = '';
      for (const ch of s) {
        const c = ch.codePointAt(0);
        if (c < 0x80) out += c <= 0x1f || c === 0x7f || set.has(c) ? hex(c) : ch;
        else for (const b of utf8(ch)) out += hex(b);
      }
      return out;
    };
    const removeDots = (path) => {
      const out = [];
      const segs = path.split('/').slice(1);
      segs.forEach((seg, i) => {
        const last = i === segs.length - 1;
        const s = seg.toLowerCase();
        if (s === '..' || s === '.%2e' || s === '%2e.' || s === '%2e%2e') {
          out.pop();
          if (last) out.push('');
        } else if (s === '.' || s === '%2e') {
          if (last) out.push('');
        } else out.push(seg);
      });
      return '/' + out.join('/');
    };
    const ABS = /^([a-zA-Z][a-zA-Z\d+\-.]*):(.*)$/;
    class URL {
      constructor(input, base) {
        input = String(input).replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '').replace(/[\t\n\r]/g, '');
        const abs = ABS.exec(input);
        let protocol, host, rest;
        if (abs) {
          protocol = abs[1].toLowerCase() + ':';
          const m = /^[\\/]{2}([^/\\?#]*)(.*)$/.exec(abs[2]);
          if (!m) throw new TypeError(`Invalid URL: ${input}`);
          host = m[1].toLowerCase();
          rest = m[2];
        } else {
          if (base === undefined) throw new TypeError(`Invalid URL: ${input}`);
          const b = base instanceof URL ? base : new URL(base);
          protocol = b.protocol;
          host = b.host;
          if (/^[\\/]{2}/.test(input)) {
            const m = /^[\\/]{2}([^/\\?#]*)(.*)$/.exec(input);
            host = m[1].toLowerCase();
            rest = m[2];
          } else if (input === '' || input[0] === '?' || input[0] === '#') {
            rest = b.pathname + (input[0] === '#' ? b.search : '') + input;
          } else if (input[0] === '/' || input[0] === '\\') {
            rest = input;
          } else {
            rest = b.pathname.replace(/[^/]*$/, '') + input;
          }
        }
        const hashAt = rest.indexOf('#');
        const fragment = hashAt >= 0 ? rest.slice(hashAt + 1) : null;
        if (hashAt >= 0) rest = rest.slice(0, hashAt);
        const qAt = rest.indexOf('?');
        const query = qAt >= 0 ? rest.slice(qAt + 1) : null;
        let path = qAt >= 0 ? rest.slice(0, qAt) : rest;
        path = path.replace(/\\/g, '/');
        if (path === '') path = '/';
        this.protocol = protocol;
        this.host = host;
        this.hostname = host.replace(/:\d*$/, '');
        this.port = (/:(\d+)$/.exec(host) || [])[1] || '';
        if ((protocol === 'http:' && this.port === '80') || (protocol === 'https:' && this.port === '443')) {
          this.port = '';
          this.host = this.hostname;
        }
        this.username = '';
        this.password = '';
        this.pathname = removeDots(encodeSet(path, PATH));
        this.search = query === null || query === '' ? '' : '?' + encodeSet(query, QUERY);
        this.hash = fragment === null || fragment === '' ? '' : '#' + encodeSet(fragment, FRAGMENT);
      }
      get origin() {
        return `${this.protocol}//${this.host}`;
      }
      get href() {
        return `${this.origin}${this.pathname}${this.search}${this.hash}`;
      }
      get searchParams() {
        return new g.URLSearchParams(this.search);
      }
      toString() {
        return this.href;
      }
      toJSON() {
        return this.href;
      }
    }
    g.URL = URL;
  }

  // --- Intl: what lib/format.ts makes on first use and search/utils/sizes.ts when loaded ---
  if (typeof g.Intl === 'undefined') {
    // Indian grouping (12,34,567) or Western (1,234,567), as ICU groups en-IN and en-US.
    const group = (int, indian) => {
      if (int.length <= 3) return int;
      const last = int.slice(-3);
      let head = int.slice(0, -3);
      const size = indian ? 2 : 3;
      const parts = [];
      while (head.length > size) {
        parts.unshift(head.slice(-size));
        head = head.slice(0, -size);
      }
      if (head) parts.unshift(head);
      return parts.join(',') + ',' + last;
    };
    // Round half away from zero at `digits` decimals, on the decimal string (toFixed rounds the
    // binary value: 1.005 -> "1.00", where ICU gives 1.01).
    const fixed = (x, digits) => {
      // The shortest decimal that reads back as x, as ICU rounds it.
      let s = String(Math.abs(x));
      if (s.includes('e')) s = Math.abs(x).toFixed(20).replace(/0+$/, '');
      const [i, f = ''] = s.split('.');
      let frac = (f + '0'.repeat(digits + 1)).slice(0, digits + 1);
      let whole = BigInt(i + frac.slice(0, digits));
      if (Number(frac[digits]) >= 5) whole += 1n;
      const str = whole.toString().padStart(digits + 1, '0');
      return digits ? [str.slice(0, -digits), str.slice(-digits)] : [str, ''];
    };
    class NumberFormat {
      constructor(locale, options = {}) {
        this.locale = Array.isArray(locale) ? locale[0] : locale || 'en-US';
        this.o = options;
        const style = options.style || 'decimal';
        const defMax = style === 'currency' ? 2 : style === 'percent' ? 0 : 3;
        const defMin = style === 'currency' ? 2 : 0;
        this.min = options.minimumFractionDigits ?? Math.min(defMin, options.maximumFractionDigits ?? defMin);
        this.max = Math.max(this.min, options.maximumFractionDigits ?? defMax);
      }
      format(x) {
        const o = this.o;
        x = Number(x);
        if (o.style === 'percent') x *= 100;
        const neg = x < 0 || Object.is(x, -0);
        if (!Number.isFinite(x)) return (neg ? '-' : '') + (Number.isNaN(x) ? 'NaN' : '∞');
        let suffix = '';
        if (o.notation === 'compact' && this.locale === 'en-IN') {
          const a = Math.abs(x);
          if (a >= 1e7) [x, suffix] = [x / 1e7, 'Cr'];
          else if (a >= 1e5) [x, suffix] = [x / 1e5, 'L'];
          else if (a >= 1e3) [x, suffix] = [x / 1e3, 'K'];
        }
        let [int, frac] = fixed(x, this.max);
        while (frac.length > this.min && frac.endsWith('0')) frac = frac.slice(0, -1);
        const indian = this.locale === 'en-IN';
        let num = (o.useGrouping === false ? int : group(int, indian)) + (frac ? '.' + frac : '') + suffix;
        if (o.style === 'currency') num = (o.currency === 'INR' ? '₹' : o.currency + '\u00a0') + num;
        if (o.style === 'percent') num += '%';
        return (neg && Number(int + frac) !== 0 ? '-' : neg ? '-' : '') + num;
      }
      resolvedOptions() {
        return { locale: this.locale, ...this.o };
      }
    }
    // Made on first use by lib/format.ts; none of the drawn pages formats a date (reviews and
    // delivery dates come after the app takes over), so an ISO day stands in.
    class DateTimeFormat {
      constructor(locale, options = {}) {
        this.locale = locale;
        this.o = options;
      }
      format(d) {
        return new Date(d).toISOString().slice(0, 10);
      }
      resolvedOptions() {
        return { locale: this.locale, timeZone: this.o.timeZone || 'UTC', ...this.o };
      }
    }
    // `numeric: true`, `sensitivity: 'base'`: digit runs compare as numbers, letters without case.
    class Collator {
      constructor(locale, options = {}) {
        this.o = options;
        this.compare = (a, b) => {
          const re = /(\d+)|(\D+)/g;
          const ta = String(a).match(re) || [];
          const tb = String(b).match(re) || [];
          for (let i = 0; i < Math.min(ta.length, tb.length); i++) {
            const x = ta[i];
            const y = tb[i];
            const dx = /^\d/.test(x);
            const dy = /^\d/.test(y);
            if (this.o.numeric && dx && dy) {
              const d = Number(x) - Number(y);
              if (d) return d < 0 ? -1 : 1;
              continue;
            }
            const lx = this.o.sensitivity === 'base' || this.o.sensitivity === 'accent' ? x.toLowerCase() : x;
            const ly = this.o.sensitivity === 'base' || this.o.sensitivity === 'accent' ? y.toLowerCase() : y;
            if (lx !== ly) return lx < ly ? -1 : 1;
          }
          return ta.length === tb.length ? 0 : ta.length < tb.length ? -1 : 1;
        };
      }
    }
    g.Intl = { NumberFormat, DateTimeFormat, Collator };
  }
})(globalThis);
