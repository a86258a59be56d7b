#!/bin/sh
# Byte-compares each page's render: rquickjs (native) vs Node (real URL/Intl) vs Node with the shims.
cd /work/spike/out || exit 1
fail=0
for p in home category product search; do
  for other in node node-shims qjs-wasm; do
    if [ -f "$p.$other.html" ]; then
      if cmp -s "$p.rquickjs.html" "$p.$other.html"; then echo "$p: rquickjs == $other ($(wc -c < $p.rquickjs.html) bytes, sha256 $(sha256sum $p.rquickjs.html | cut -c1-16))"; else echo "$p: rquickjs != $other"; fail=1; fi
    fi
  done
done
for f in home.rquickjs-bytecode*.html; do [ -f "$f" ] && { cmp -s "$f" home.rquickjs.html && echo "$f == home.rquickjs.html" || { echo "$f differs"; fail=1; }; }; done
exit $fail
