#!/usr/bin/env bash
# Start the service: `make run` and the container run this script, and nothing else.
#
# By default nginx faces the clients and gunicorn answers behind it, on a Unix socket in the run
# directory (docs/operations.md, "The front"): nginx reads every request whole, under time limits,
# before a worker sees it, so that slow, idle or trickling connections cost nginx a few kilobytes
# each instead of a worker thread. The script runs both, stops both on SIGTERM or SIGINT (each
# finishing the requests it holds), passes SIGHUP on (gunicorn restarts its workers, nginx re-reads
# its configuration), and when either stops on its own, stops the other and exits with its status.
#
#   PORT, HOST, WORKERS, THREADS, TIMEOUT, MAX_REQUESTS: see deploy/gunicorn.conf.py
#   MAUBINH_FRONT: nginx (the default) or none: gunicorn alone on HOST:PORT, only for a deployment
#     that already puts a buffering proxy in front of it
#   MAUBINH_FRONT_*: the front's limits (maubinh_api/infra/front.py, docs/operations.md "Configuration")
#   MAUBINH_RUN_DIR: the socket, the front's files, the metrics and the rate-limit counts
#     (default: a directory per port under the temp dir), emptied at every start
#   APP: the WSGI application (default app:app; the load benchmark's baseline uses another)
#   PROMETHEUS_MULTIPROC_DIR: where workers keep their metrics (default: the run directory's)
set -euo pipefail
cd "$(dirname "$0")/.."

port="${PORT:-8000}"
front="${MAUBINH_FRONT:-nginx}"
app="${APP:-app:app}"
run_dir="${MAUBINH_RUN_DIR:-${TMPDIR:-/tmp}/maubinh-${port}}"

case "$front" in
  nginx | none) ;;
  *) echo "serve.sh: MAUBINH_FRONT must be nginx or none, not '$front'" >&2; exit 2 ;;
esac

# Only this user may reach the socket: the service trusts the front's X-Forwarded-For.
rm -rf "$run_dir"
mkdir -p "$(dirname "$run_dir")"
mkdir -m 0700 "$run_dir"
export PROMETHEUS_MULTIPROC_DIR="${PROMETHEUS_MULTIPROC_DIR:-$run_dir/metrics}"
rm -rf "$PROMETHEUS_MULTIPROC_DIR"
mkdir -p "$PROMETHEUS_MULTIPROC_DIR"
# The instance's rate-limit counts, shared by its workers (without MAUBINH_LIMITS_REDIS_URL).
export MAUBINH_LIMITS_FILE="${MAUBINH_LIMITS_FILE:-$run_dir/limits.sqlite}"
# glibc gives a thread that finds the arenas busy one of its own, up to eight per core, and keeps
# what each one freed: two arenas bound a worker's memory (maubinh_api/infra/allocator.py,
# docs/operations.md, "Memory").
export MALLOC_ARENA_MAX="${MALLOC_ARENA_MAX:-2}"

if [ "$front" = none ]; then
  export GUNICORN_CONTROL_SOCKET="${GUNICORN_CONTROL_SOCKET:-$run_dir/gunicorn.ctl}"
  exec gunicorn --config deploy/gunicorn.conf.py "$app"
fi

nginx_bin="$(command -v nginx || true)"
if [ -z "$nginx_bin" ] && [ -x /usr/sbin/nginx ]; then
  nginx_bin=/usr/sbin/nginx
fi
if [ -z "$nginx_bin" ]; then
  echo "serve.sh: nginx is not installed (make system-deps installs it); MAUBINH_FRONT=none" \
    "serves without it, only behind a proxy that buffers requests" >&2
  exit 2
fi
front_dir="$run_dir/nginx"
mkdir "$front_dir"
python -m maubinh_api.infra.front --socket "$run_dir/app.sock" --run-dir "$front_dir" >"$front_dir/nginx.conf"
nginx_args=(-e stderr -p "$front_dir" -c "$front_dir/nginx.conf" -g "daemon off;")
"$nginx_bin" -t -q "${nginx_args[@]}"

export APP_BIND="unix:$run_dir/app.sock"
export GUNICORN_CONTROL_SOCKET="${GUNICORN_CONTROL_SOCKET:-$run_dir/gunicorn.ctl}"
export MAUBINH_PROXY_HOPS="${MAUBINH_PROXY_HOPS:-1}"
export MAUBINH_FRONT_HOLDS="${MAUBINH_FRONT_HOLDS:-true}"
gunicorn --config deploy/gunicorn.conf.py "$app" &
app_pid=$!
"$nginx_bin" "${nginx_args[@]}" &
front_pid=$!

stopping=false
stop() {
  stopping=true
  kill -TERM "$app_pid" 2>/dev/null || true
  kill -QUIT "$front_pid" 2>/dev/null || true
}
trap stop TERM INT
trap 'kill -HUP "$app_pid" "$front_pid" 2>/dev/null || true' HUP

# Wait for each process by its pid, so that a signal that interrupts a wait (its trap has run) is
# never taken for a process's status: asked to stop, the script exits 0 when both stopped cleanly;
# when one stops on its own, the other is stopped and the script exits with the first one's status.
pending=("$app_pid" "$front_pid")
status=""
while [ "${#pending[@]}" -gt 0 ]; do
  finished=""
  wait -n -p finished "${pending[@]}" && code=0 || code=$?
  [ -n "${finished:-}" ] || continue
  if [ -z "$status" ] && ! $stopping; then
    status=$code
    stop
  elif [ "${status:-0}" -eq 0 ]; then
    status=$code
  fi
  still=()
  for pid in "${pending[@]}"; do
    [ "$pid" = "$finished" ] || still+=("$pid")
  done
  pending=("${still[@]}")
done
exit "${status:-0}"
