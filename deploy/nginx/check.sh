#!/usr/bin/env bash
# Checks deploy/nginx/grantbridge.conf for real (docs/DEPLOY.md, "What was
# checked"): two GrantBridge instances on one PostgreSQL database behind nginx
# with TLS, on this machine, then the requests in check-proxy.mjs through it.
# Not part of `npm test` (CI machines have no nginx).
#
#   DATABASE_URL=postgres://postgres@127.0.0.1:5432/gb_deploy_check bash deploy/nginx/check.sh
#
# Needs nginx, openssl and an empty (or GrantBridge) PostgreSQL database;
# uses ports 8080 and 8443 (nginx) and 3101 and 3102 (the instances), and a
# scratch folder it deletes at the end (KEEP=1 keeps it, logs included).
set -euo pipefail

root="$(cd "$(dirname "$0")/../.." && pwd)"
: "${DATABASE_URL:?set DATABASE_URL to a PostgreSQL database the two instances share}"
work="$(mktemp -d /tmp/gb-nginx-check.XXXXXX)"
pids=()

cleanup() {
  [ -f "$work/nginx.pid" ] && nginx -c "$work/nginx.conf" -s quit 2>/dev/null || true
  for pid in "${pids[@]}"; do kill -TERM -- "-$pid" 2>/dev/null || true; done
  sleep 1
  if [ "${KEEP:-}" = 1 ]; then echo "kept $work"; else rm -rf "$work"; fi
}
trap cleanup EXIT

# 1. A self-signed certificate for grantbridge.test.
openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj /CN=grantbridge.test \
  -addext subjectAltName=DNS:grantbridge.test \
  -keyout "$work/privkey.pem" -out "$work/fullchain.pem" 2>/dev/null

# 2. The shipped configuration with this check's ports, names and paths, in a
#    wrapper nginx.conf that keeps everything in the scratch folder.
sed -e "s#127.0.0.1:3001#127.0.0.1:3101#; s#127.0.0.1:3002#127.0.0.1:3102#" \
    -e "s#listen 80;#listen 8080;#; s#listen \[::\]:80;#listen [::]:8080;#" \
    -e "s#listen 443 ssl#listen 8443 ssl#; s#listen \[::\]:443 ssl#listen [::]:8443 ssl#" \
    -e "s#grants.example.edu#grantbridge.test#g" \
    -e "s#/etc/ssl/grantbridge/#$work/#g" \
    -e "s#/var/log/nginx/grantbridge.access.log#$work/access.log#" \
    "$root/deploy/nginx/grantbridge.conf" > "$work/grantbridge.conf"
mkdir -p "$work/tmp"
cat > "$work/nginx.conf" <<EOF
worker_processes 1;
pid $work/nginx.pid;
error_log $work/error.log warn;
events { worker_connections 256; }
http {
  include /etc/nginx/mime.types;
  client_body_temp_path $work/tmp/body;
  proxy_temp_path $work/tmp/proxy;
  fastcgi_temp_path $work/tmp/fastcgi;
  uwsgi_temp_path $work/tmp/uwsgi;
  scgi_temp_path $work/tmp/scgi;
  include $work/grantbridge.conf;
}
EOF
echo "== nginx -t"
nginx -t -c "$work/nginx.conf"

# 3. Two instances, as the systemd template runs them, started together
#    (migrations and first-start loading take turns under the start lock),
#    after one build (two starts building at once would trip over each other).
echo "== build"
node "$root/scripts/start.mjs" --build-only > "$work/build.log" 2>&1 || { tail -20 "$work/build.log"; exit 1; }
for port in 3101 3102; do
  mkdir -p "$work/data-$port"
  NODE_ENV=production SEED_DEMO=true DEMO_PASSWORD=deploy-check-pass HOST=127.0.0.1 PORT=$port \
    DATABASE_URL="$DATABASE_URL" PUBLIC_URL=https://grantbridge.test:8443 TRUST_PROXY=1 \
    DATA_DIR="$work/data-$port" METRICS_TOKEN=deploy-check-metrics-token-0123456789 \
    GRANTS_GOV_EXTRACT_URL=off SHUTDOWN_DRAIN_MS=3000 \
    setsid node "$root/scripts/start.mjs" > "$work/server-$port.log" 2>&1 < /dev/null &
  pids+=($!)
done
for port in 3101 3102; do
  for _ in $(seq 1 300); do
    curl -sf "http://127.0.0.1:$port/api/health" > /dev/null && break
    sleep 1
  done
  curl -sf "http://127.0.0.1:$port/api/health" > /dev/null || { echo "instance $port did not start"; tail -20 "$work/server-$port.log"; exit 1; }
done
echo "== both instances answer /api/health"

# 4. nginx, then the requests.
nginx -c "$work/nginx.conf"
CHECK_DIR="$work" INSTANCE_PIDS="${pids[*]}" node "$root/deploy/nginx/check-proxy.mjs"
