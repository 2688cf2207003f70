#!/bin/sh
# Container entrypoint of the Credentialing Suite image (installed as
# /usr/local/bin/docker-entrypoint.sh, run under tini).
#
#   APP=gateway|identity|directory|practices|messaging|notifications|credentialing
#       runs node dist/apps/$APP/src/main.js
#   APP=migrate
#       runs node dist/scripts/migrate.js (the one-shot migration job)
#   any command given to the container (docker run IMAGE node dist/scripts/migrate.js)
#       runs instead, as given
set -eu

APPS="gateway identity directory practices messaging notifications credentialing"

if [ "$#" -gt 0 ]; then
  exec "$@"
fi

app="${APP:-}"
case "$app" in
  gateway | identity | directory | practices | messaging | notifications | credentialing)
    main="dist/apps/$app/src/main.js"
    ;;
  migrate)
    main="dist/scripts/migrate.js"
    ;;
  "")
    echo "docker-entrypoint: APP is not set. Set APP to one of: $APPS (or migrate)." >&2
    exit 64
    ;;
  *)
    echo "docker-entrypoint: unknown APP '$app'. Expected one of: $APPS (or migrate)." >&2
    exit 64
    ;;
esac

if [ ! -f "$main" ]; then
  echo "docker-entrypoint: $main not found under $(pwd); the image was not built with 'npm run build'." >&2
  exit 66
fi

exec node --enable-source-maps "$main"
