#!/usr/bin/env bash
# sqlmap (Debian's package) against the list endpoints of a running Atoll on 127.0.0.1 (issue 10 §5).
# Usage: bash bench/sqlmap.sh  (starts its own server on the embedded database with the demo data;
# set DATABASE_URL to test PostgreSQL instead). Needs `apt-get install sqlmap`. Takes a few minutes.
# It tries every query parameter of each list (page, size, sort, order, search, filter) with the boolean,
# error, union and stacked techniques and prints, per endpoint, whether sqlmap found an injection.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v sqlmap >/dev/null || { echo "sqlmap missing: apt-get install sqlmap" >&2; exit 2; }

PORT="${PORT:-3390}"
DATA="$(mktemp -d)"
OUT="$(mktemp -d)"
export PORT HOST=127.0.0.1 LOG_LEVEL=warn AUTH_RATE_LIMIT=100000
[ -z "${DATABASE_URL:-}" ] && export DATA_DIR="$DATA"
node --import tsx apps/server/src/main.ts > "$OUT/server.log" 2>&1 &
SERVER=$!
trap 'kill $SERVER 2>/dev/null || true; rm -rf "$DATA"' EXIT
for _ in $(seq 1 120); do curl -fs "http://127.0.0.1:$PORT/version" >/dev/null && break; sleep 1; done
TOKEN="$(curl -fs -H 'content-type: application/json' \
  -d '{"email":"admin@example.com","password":"demo-admin"}' "http://127.0.0.1:$PORT/api/auth/token" |
  node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).token))')"

FILTER='%7B%22state%22%3A%22confirmed%22%7D'
ENDPOINTS=(
  "/api/bookings?page=1&size=25&sort=id&order=1&search=sommer&filter=$FILTER"
  "/api/customers?page=1&size=25&sort=id&order=1&search=sommer&filter=%7B%7D"
  "/api/agencies?page=1&size=25&sort=name&order=1&search=reef&filter=%7B%7D"
  "/api/rooms?page=1&size=25&sort=id&order=1&search=garden&filter=%7B%7D"
  "/api/product?page=1&size=25&sort=id&order=1&search=nitrox&filter=%7B%7D"
)
status=0
for path in "${ENDPOINTS[@]}"; do
  name="$(echo "$path" | cut -d'?' -f1)"
  log="$OUT/$(echo "$name" | tr '/' '_').log"
  sqlmap -u "http://127.0.0.1:$PORT$path" -H "Authorization: Bearer $TOKEN" --batch --dbms=PostgreSQL \
    --level=2 --risk=1 --technique=BEUS --threads=2 --disable-coloring --output-dir="$OUT/sqlmap" >"$log" 2>&1 || true
  if grep -q "is vulnerable\|sqlmap identified the following injection" "$log"; then
    echo "$name: INJECTION FOUND (see $log)"; status=1
  else
    tested="$(grep -c "testing '" "$log" || true)"
    echo "$name: no injection found ($tested tests; $(grep -o "all tested parameters do not appear to be injectable" "$log" | head -1))"
  fi
done
if grep -q '"statusCode":5' "$OUT/server.log"; then echo "the server answered 5xx during the run (see $OUT/server.log)"; status=1; fi
exit $status
