#!/usr/bin/env sh
# Start the service under gunicorn. `make run` and the container use this script.
#   PORT     port to listen on (default 8000)
#   HOST     address to bind (default 127.0.0.1; the container sets 0.0.0.0)
#   WORKERS  gunicorn worker processes (default 2)
set -eu
cd "$(dirname "$0")/.."
exec gunicorn \
  --bind "${HOST:-127.0.0.1}:${PORT:-8000}" \
  --workers "${WORKERS:-2}" \
  --access-logfile - \
  app:app
