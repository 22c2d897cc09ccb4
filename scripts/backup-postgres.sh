#!/bin/sh
# A backup of a PostgreSQL deployment into the folder given (docs/deployment.md, "Backups"): the
# database as a pg_dump custom-format file named for today, then the image folder beside it.
# Reads DATABASE_URL and IMAGE_DIR from its environment, as the app servers do, so it runs with
# their variables: `systemd-run --property=EnvironmentFile=/etc/homes.env … backup-postgres.sh DIR`.
set -eu
target="${1:?usage: backup-postgres.sh <folder>}"
: "${DATABASE_URL:?DATABASE_URL is not set (run with the servers' environment)}"
: "${IMAGE_DIR:?IMAGE_DIR is not set (run with the servers' environment)}"
case "$DATABASE_URL" in
  postgres://* | postgresql://*) ;;
  *) echo "DATABASE_URL is not a PostgreSQL URL: back SQLite up with sqlite3 .backup" >&2; exit 2 ;;
esac
mkdir -p "$target/images"
dump="$target/homes-$(date +%F).dump"
pg_dump --format=custom --file="$dump" "$DATABASE_URL"
# Copied after the dump, so the copy holds every file the dump names.
rsync -a "$IMAGE_DIR"/ "$target/images/"
echo "backed up: $dump and $target/images/"
