#!/usr/bin/env bash
# The front door, as a newcomer meets it: clone the commit afresh, run README's first command
# (`npm ci && npm start`) with no configuration at all, and check what README promises: the
# site on localhost:3000, a property page, and README's curl with dev-token answering the demo
# properties. The server is always stopped through its process group, whatever happens.
#
#   scripts/smoke-first-run.sh [commit]      (default: HEAD of this repository)
#
# SMOKE_TIMEOUT (seconds, default 900) bounds the install, build and first start together.
set -euo pipefail

repo="$(cd "$(dirname "$0")/.." && pwd)"
commit="$(git -C "$repo" rev-parse --verify "${1:-HEAD}^{commit}")"
timeout_seconds="${SMOKE_TIMEOUT:-900}"
home="${HOME:-/root}"

work="$(mktemp -d "${TMPDIR:-/tmp}/homes-first-run.XXXXXX")"
server_pgid=""

stop_server() {
  [ -n "$server_pgid" ] || return 0
  if kill -0 -- "-$server_pgid" 2>/dev/null; then
    echo "smoke: stopping the server (process group $server_pgid)"
    kill -TERM -- "-$server_pgid" 2>/dev/null || true
    # The server drains for up to 10 s on SIGTERM (docs/deployment.md); then it is killed.
    for _ in $(seq 1 30); do
      kill -0 -- "-$server_pgid" 2>/dev/null || break
      sleep 0.5
    done
    kill -KILL -- "-$server_pgid" 2>/dev/null || true
  fi
  server_pgid=""
}
cleanup() {
  local status=$?
  stop_server
  if [ "$status" -ne 0 ] && [ -f "$work/server.log" ]; then
    echo "smoke: the last lines of the server's output:"
    tail -n 40 "$work/server.log" | sed 's/^/  | /'
  fi
  rm -rf "$work"
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

fail() {
  echo "smoke: FAILED: $*" >&2
  exit 1
}

port_taken() {
  (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null || (exec 3<>"/dev/tcp/::1/$1") 2>/dev/null
}

# README promises localhost:3000, so that is what is checked. When something else already
# listens there (another server on a shared CI machine), the next free port is used through
# PORT, the one variable added to the clean environment, and the output says so.
port=3000
extra_env=()
while port_taken "$port"; do
  port=$((port + 1))
  [ "$port" -lt 3100 ] || fail "no free port between 3000 and 3099"
done
if [ "$port" -ne 3000 ]; then
  echo "smoke: port 3000 is taken; the server gets PORT=$port"
  extra_env=("PORT=$port")
fi
base="http://localhost:$port"

echo "smoke: cloning $commit into $work/homes"
git clone --quiet --no-checkout "$repo" "$work/homes"
git -C "$work/homes" checkout --quiet --detach "$commit"

# README's first command, word for word, with nothing but PATH and HOME in the environment.
# setsid puts it and everything it starts (npm, node, the server) in a process group of its own.
first_command='npm ci && npm start'
echo "smoke: running '$first_command' with only PATH and HOME set${extra_env[*]:+ (and ${extra_env[*]})}"
(
  cd "$work/homes"
  exec setsid env -i PATH="$PATH" HOME="$home" "${extra_env[@]}" bash -c "$first_command"
) >"$work/server.log" 2>&1 &
server_pgid=$!

started=$SECONDS
until curl --silent --fail --output /dev/null --max-time 5 "$base/healthz"; do
  kill -0 "$server_pgid" 2>/dev/null || fail "'$first_command' stopped before the site answered"
  [ $((SECONDS - started)) -lt "$timeout_seconds" ] ||
    fail "the site did not answer on $base within $timeout_seconds s"
  sleep 2
done
echo "smoke: the site answers on $base after $((SECONDS - started)) s"

# fetch URL [curl options...]: the body into $work/body, the status into $status.
fetch() {
  local url=$1
  shift
  status="$(curl --silent --show-error --max-time 30 --output "$work/body" --write-out '%{http_code}' "$@" "$url")"
}
check() {
  echo "smoke: ok: $*"
}
node_24="$work/homes/node_modules/.bin/node"

fetch "$base/"
[ "$status" = 200 ] || fail "GET / answered $status"
grep -q '<h1' "$work/body" || fail "GET / has no heading"
grep -q 'href="/property/' "$work/body" || fail "GET / links to no property"
check "GET / answers 200 with the home page (a heading, links to properties)"

# README's curl, as written there (only the port may differ).
fetch "$base/api/property/display/all" -H 'Authorization: Bearer dev-token'
[ "$status" = 200 ] || fail "README's curl (GET /api/property/display/all with dev-token) answered $status"
# The first demo property's slug and headline, from the answer (SPEC §7's envelope: data).
"$node_24" -e '
  const answer = JSON.parse(require("node:fs").readFileSync(process.argv[1], "utf8"));
  const list = Array.isArray(answer.data) ? answer.data : [];
  if (list.length === 0) process.exit(1);
  console.log(list.length);
  console.log(list[0].slug);
  console.log(list[0].headline);
' "$work/body" >"$work/property" || fail "README's curl answered no properties"
mapfile -t property <"$work/property"
check "README's curl answers 200 with ${property[0]} demo properties"

slug="${property[1]}"
headline="${property[2]}"
fetch "$base/property/$slug"
[ "$status" = 200 ] || fail "GET /property/$slug answered $status"
grep -qF -- "$("$node_24" -e '
  const escape = { "&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'\''": "&#x27;" };
  process.stdout.write(process.argv[1].replace(/[&<>"'\'']/g, (c) => escape[c]));
' "$headline")" "$work/body" || fail "GET /property/$slug does not show its headline '$headline'"
check "GET /property/$slug answers 200 and shows its headline '$headline'"

stop_server
echo "smoke: the front door works: '$first_command' serves the site, a property page and README's curl"
