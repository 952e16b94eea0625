#!/usr/bin/env bash
# Start a throwaway PostgreSQL on loopback for the storage tests and print the line to eval:
#   eval "$(bash .ci/postgres.sh)"   ->   export MUSTER_TEST_POSTGRES=postgresql://...
# Installs PostgreSQL from Debian packages when missing. Idempotent: a cluster this script
# started and that still runs is reused. Everything but the export line goes to stderr.
set -euo pipefail

say() { echo "postgres.sh: $*" >&2; }

BASE="${MUSTER_PG_DIR:-/tmp/muster-pg}"
DB="muster_test"
DATA="$BASE/data"
PORT_FILE="$BASE/port"

find_bin() {
    local dir
    for dir in /usr/lib/postgresql/*/bin; do
        if [ -x "$dir/initdb" ] && [ -x "$dir/pg_ctl" ]; then
            echo "$dir"
        fi
    done | sort -V | tail -n 1
}

BIN="$(find_bin)"
if [ -z "$BIN" ]; then
    say "PostgreSQL not found; installing it from Debian packages"
    export DEBIAN_FRONTEND=noninteractive
    if [ "$(id -u)" -eq 0 ]; then SUDO=(); else SUDO=(sudo); fi
    "${SUDO[@]}" apt-get update -qq >&2
    "${SUDO[@]}" apt-get install -y -qq --no-install-recommends postgresql >&2
    BIN="$(find_bin)"
    if [ -z "$BIN" ]; then
        say "installed postgresql but found no initdb under /usr/lib/postgresql"
        exit 1
    fi
fi

# The server refuses to run as root, so root runs it as the account the package creates.
if [ "$(id -u)" -eq 0 ]; then
    RUN_AS="${MUSTER_PG_USER:-postgres}"
    if ! id "$RUN_AS" >/dev/null 2>&1; then
        useradd --system --no-create-home --shell /usr/sbin/nologin "$RUN_AS"
    fi
    as_owner() { runuser -u "$RUN_AS" -- "$@"; }
else
    RUN_AS="$(id -un)"
    as_owner() { "$@"; }
fi

url_for() { echo "postgresql://$RUN_AS@127.0.0.1:$1/$DB"; }

if [ -f "$PORT_FILE" ] && [ -d "$DATA" ] && as_owner "$BIN/pg_ctl" -D "$DATA" status >/dev/null 2>&1; then
    PORT="$(cat "$PORT_FILE")"
    if as_owner "$BIN/pg_isready" -q -h 127.0.0.1 -p "$PORT"; then
        say "reusing the cluster in $DATA on port $PORT"
        echo "export MUSTER_TEST_POSTGRES=$(url_for "$PORT")"
        exit 0
    fi
fi

# A stale or half-made cluster from an earlier run is thrown away.
if [ -d "$DATA" ]; then
    as_owner "$BIN/pg_ctl" -D "$DATA" -m immediate stop >/dev/null 2>&1 || true
fi
rm -rf "$BASE"
mkdir -p "$BASE"
chown "$RUN_AS" "$BASE"
chmod 700 "$BASE"

PORT="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
echo "$PORT" >"$PORT_FILE"

as_owner "$BIN/initdb" -D "$DATA" -U "$RUN_AS" --auth=trust --encoding=UTF8 --locale=C.UTF-8 >"$BASE/initdb.log" 2>&1 \
    || { cat "$BASE/initdb.log" >&2; exit 1; }
as_owner "$BIN/pg_ctl" -D "$DATA" -l "$BASE/server.log" -w -t 60 \
    -o "-c listen_addresses=127.0.0.1 -p $PORT -k $BASE -c max_connections=200" start >&2 \
    || { cat "$BASE/server.log" >&2; exit 1; }
as_owner "$BIN/createdb" -h 127.0.0.1 -p "$PORT" -U "$RUN_AS" "$DB"
say "PostgreSQL $("$BIN/postgres" --version | awk '{print $3}') on 127.0.0.1:$PORT, data in $DATA"
echo "export MUSTER_TEST_POSTGRES=$(url_for "$PORT")"
