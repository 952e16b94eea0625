#!/usr/bin/env bash
# Build Muster's container image with Podman and start it, on a machine that reaches Debian's
# package mirror and PyPI but no container registry: the base image (Debian bookworm with python3)
# is made here with debootstrap and passed to the Dockerfile as BASE.
#   bash tools/container_check.sh           (as root; installs podman and debootstrap if missing)
# Prints "container check: ok" as its last line when every step passed.
set -euo pipefail
cd "$(dirname "$0")/.."

WORK="${MUSTER_CONTAINER_WORK:-/tmp/muster-container}"
BASE_IMAGE="localhost/muster-base:bookworm"
IMAGE="localhost/muster:check"
MIRROR="${MUSTER_DEBIAN_MIRROR:-http://deb.debian.org/debian}"
say() { echo "container check: $*" >&2; }

need() {
    if ! command -v "$1" >/dev/null 2>&1; then
        say "installing $2 from Debian"
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$2" >&2
    fi
}
need podman podman
need debootstrap debootstrap
need runc runc
mkdir -p "$WORK"

# This check itself may run inside a container (CI sandboxes do): no cgroup controllers to
# delegate and no raising of rlimits there, so runc with cgroupfs and the host's own limits.
cat > "$WORK/containers.conf" <<'CONF'
[containers]
default_ulimits = []
[engine]
cgroup_manager = "cgroupfs"
runtime = "runc"
CONF
export CONTAINERS_CONF="$WORK/containers.conf"
# pip inside the build trusts the same certificate authorities as this machine (a proxy with its
# own CA stands between some machines and PyPI).
printf '[global]\ncert = /etc/muster-host-ca.crt\n' > "$WORK/pip.conf"

if ! podman image exists "$BASE_IMAGE"; then
    say "building the base image with debootstrap (a few minutes)"
    rm -rf "$WORK/rootfs"
    debootstrap --variant=minbase --include=python3,python3-venv,ca-certificates \
        bookworm "$WORK/rootfs" "$MIRROR" >&2
    tar -C "$WORK/rootfs" -c . | podman import - "$BASE_IMAGE" >&2
fi

say "building $IMAGE from the Dockerfile"
podman build --quiet --format docker --build-arg "BASE=$BASE_IMAGE" \
    --volume /etc/ssl/certs/ca-certificates.crt:/etc/muster-host-ca.crt:ro \
    --volume "$WORK/pip.conf:/etc/pip.conf:ro" -t "$IMAGE" . >&2

user=$(podman run --rm --entrypoint id "$IMAGE" -u)
[ "$user" = "10001" ] || { say "the image runs as uid $user, not the muster user"; exit 1; }
health=$(podman image inspect --format '{{json .HealthCheck}}' "$IMAGE")
case "$health" in *readyz*) ;; *) say "no HEALTHCHECK on /readyz: $health"; exit 1 ;; esac

say "starting the image: a console game in the data volume, then the same game after a restart"
volume="muster-check-$$"
podman volume create "$volume" >/dev/null
trap 'podman volume rm -f "$volume" >/dev/null 2>&1 || true' EXIT
printf '/seed container\n/neuroshima new mode:duel vs:ai level:easy army:moloch\n/neuroshima hq hex:C3\n' \
    > "$WORK/first.txt"
printf '/games\n' > "$WORK/second.txt"
first=$(podman run --rm -v "$volume:/data" -v "$WORK:/script:ro" "$IMAGE" \
    console --script /script/first.txt --no-images 2>&1)
echo "$first" | grep -q "Created game 1." || { say "no game created:"; echo "$first" >&2; exit 1; }
echo "$first" | grep -q "Muster home: /data; database: sqlite:////data/muster.db" \
    || { say "the image does not keep its data in /data"; echo "$first" >&2; exit 1; }
second=$(podman run --rm -v "$volume:/data" -v "$WORK:/script:ro" "$IMAGE" \
    console --script /script/second.txt --no-images 2>&1)
echo "$second" | grep -q "#1 Neuroshima Hex (active)" \
    || { say "the game did not survive a restart:"; echo "$second" >&2; exit 1; }
bot=$(podman run --rm -v "$volume:/data" "$IMAGE" 2>&1 || true)
echo "$bot" | grep -q "DISCORD_TOKEN is not set" \
    || { say "muster bot without a token did not say so:"; echo "$bot" >&2; exit 1; }
echo "container check: ok"
