#!/usr/bin/env sh
# Start the service under gunicorn. `make run` and the container use this script.
#   PORT, HOST, WORKERS, THREADS, TIMEOUT, MAX_REQUESTS: see deploy/gunicorn.conf.py
#   APP: the WSGI application (default app:app; the load benchmark's baseline uses another)
#   PROMETHEUS_MULTIPROC_DIR: where workers keep their metrics (default: a
#     directory per port under the temp dir); emptied at every start, so the
#     figures of a previous run never mix with this one's.
set -eu
cd "$(dirname "$0")/.."
PROMETHEUS_MULTIPROC_DIR="${PROMETHEUS_MULTIPROC_DIR:-${TMPDIR:-/tmp}/maubinh-metrics-${PORT:-8000}}"
export PROMETHEUS_MULTIPROC_DIR
rm -rf "$PROMETHEUS_MULTIPROC_DIR"
mkdir -p "$PROMETHEUS_MULTIPROC_DIR"
exec gunicorn --config deploy/gunicorn.conf.py "${APP:-app:app}"
