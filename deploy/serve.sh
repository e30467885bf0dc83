#!/usr/bin/env bash
# Start the service: `make run` and the container run this script, and nothing else.
#
# By default nginx faces the clients and gunicorn answers behind it, on a Unix socket in the run
# directory (docs/operations.md, "The front"): nginx reads every request whole, under time limits,
# before a worker sees it, so that slow, idle or trickling connections cost nginx a few kilobytes
# each instead of a worker thread. The script runs both and passes SIGHUP on (gunicorn restarts its
# workers, nginx re-reads its configuration). SIGTERM or SIGINT drains (docs/operations.md,
# "Stopping"): nginx closes its listener and finishes every request it holds (SIGQUIT, within its
# worker_shutdown_timeout), and only once it has gone is gunicorn stopped (SIGTERM, within its
# graceful_timeout), so a request nginx is still reading still has gunicorn to answer it. When
# either stops on its own, the script stops the other and exits with its status. Every line it and
# they write is one JSON object: nginx's error log goes through maubinh_api/infra/front_log.py.
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

# One JSON line on stderr, as every line the service writes: say LEVEL MESSAGE.
say() {
  local message=$2
  message=${message//\\/\\\\}
  message=${message//\"/\\\"}
  message=${message//[[:cntrl:]]/ }
  printf '{"time":"%s","level":"%s","logger":"serve","message":"%s"}\n' \
    "$(date -u +%Y-%m-%dT%H:%M:%S.%3N+00:00)" "$1" "$message" >&2
}

case "$front" in
  nginx | none) ;;
  *) say CRITICAL "serve.sh: MAUBINH_FRONT must be nginx or none, not '$front'"; exit 2 ;;
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
  say CRITICAL "serve.sh: nginx is not installed (make system-deps installs it); MAUBINH_FRONT=none\
 serves without it, only behind a proxy that buffers requests"
  exit 2
fi
front_dir="$run_dir/nginx"
mkdir "$front_dir"
python -m maubinh_api.infra.front --socket "$run_dir/app.sock" --run-dir "$front_dir" >"$front_dir/nginx.conf"
nginx_args=(-e stderr -p "$front_dir" -c "$front_dir/nginx.conf" -g "daemon off;")
# nginx writes its error log as text: the filter makes each line a JSON object.
front_log=(python -m maubinh_api.infra.front_log)
"$nginx_bin" -t -q "${nginx_args[@]}" 2>&1 | "${front_log[@]}" >&2

export APP_BIND="unix:$run_dir/app.sock"
export GUNICORN_CONTROL_SOCKET="${GUNICORN_CONTROL_SOCKET:-$run_dir/gunicorn.ctl}"
export MAUBINH_PROXY_HOPS="${MAUBINH_PROXY_HOPS:-1}"
export MAUBINH_FRONT_HOLDS="${MAUBINH_FRONT_HOLDS:-true}"

# The drain: nginx first (SIGQUIT: it closes its listener, answers what it holds, then exits), and
# gunicorn once nginx has gone (below). In Kubernetes the preStop delay comes before the signal, so
# that no client is sent here any more once the listener closes (deploy/k8s/deployment.yaml).
stopping=false
app_pid=""
front_pid=""
# shellcheck disable=SC2329  # drain runs from the trap below
drain() {
  if ! $stopping; then
    stopping=true
    if [ -n "$front_pid" ]; then
      say INFO "draining: the front takes no new connection and finishes the requests it holds"
      kill -QUIT "$front_pid" 2>/dev/null || true
    else
      kill -TERM "$app_pid" 2>/dev/null || true
    fi
  fi
}
trap drain TERM INT
trap 'kill -HUP $app_pid $front_pid 2>/dev/null || true' HUP

gunicorn --config deploy/gunicorn.conf.py "$app" &
app_pid=$!
# nginx starts once gunicorn listens (it has loaded the app): until then a client's connection is
# refused, where nginx would answer 503 and log a critical line for each probe.
while [ ! -S "$run_dir/app.sock" ] && ! $stopping && kill -0 "$app_pid" 2>/dev/null; do
  sleep 0.1
done
pending=("$app_pid")
if ! $stopping && [ -S "$run_dir/app.sock" ]; then
  mkfifo -m 0600 "$front_dir/errors"
  "${front_log[@]}" <"$front_dir/errors" >&2 &
  log_pid=$!
  "$nginx_bin" "${nginx_args[@]}" 2>"$front_dir/errors" &
  front_pid=$!
  pending+=("$front_pid")
fi

# Wait for each process by its pid, so that a signal that interrupts a wait (its trap has run) is
# never taken for a process's status. When nginx has gone (drained, or stopped on its own), nothing
# reaches gunicorn any more: it is stopped, and finishes what it holds. When gunicorn has gone,
# nginx can answer nothing: it is stopped at once (SIGTERM). Asked to stop, the script exits 0 when
# both stopped cleanly; when one stops on its own, it exits with that one's status.
status=""
while [ "${#pending[@]}" -gt 0 ]; do
  finished=""
  # (bash's own note of a process killed by a signal, in text, goes nowhere: the status is said below)
  wait -n -p finished "${pending[@]}" 2>/dev/null && code=0 || code=$?
  [ -n "${finished:-}" ] || continue
  if [ -z "$status" ] && ! $stopping; then
    status=$code
    stopping=true
  elif [ "${status:-0}" -eq 0 ]; then
    status=$code
  fi
  still=()
  for pid in "${pending[@]}"; do
    [ "$pid" = "$finished" ] || still+=("$pid")
  done
  pending=("${still[@]}")
  if [ "${#pending[@]}" -eq 0 ]; then
    break
  elif [ "$finished" = "$front_pid" ]; then
    say INFO "the front has stopped (status $code): gunicorn finishes the requests it holds and stops"
    kill -TERM "$app_pid" 2>/dev/null || true
  else
    say ERROR "gunicorn has stopped (status $code): the front stops at once"
    kill -TERM "$front_pid" 2>/dev/null || true
  fi
done
# nginx's last lines: the filter ends once nginx's processes have closed its stderr (within a
# second: the workers of a master that was killed may hold it open).
if [ -n "$front_pid" ]; then
  for _ in 1 2 3 4 5 6 7 8 9 10; do
    kill -0 "$log_pid" 2>/dev/null || break
    sleep 0.1
  done
fi
exit "${status:-0}"
