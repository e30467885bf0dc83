"""gunicorn settings for maubinh-api (deploy/serve.sh passes this file).

Everything comes from the environment:
  APP_BIND            where gunicorn listens behind the front: deploy/serve.sh sets a Unix socket
  HOST, PORT          where to listen without the front (MAUBINH_FRONT=none; 127.0.0.1:8000)
  WORKERS, THREADS    processes, and threads per process (2, 16): threaded workers keep
                      cheap requests moving while a heavy one computes (docs/operations.md)
  TIMEOUT             seconds a request may take (30): the slowest request,
                      a batch of 100 optimal arrangements or 200 tables,
                      takes well under a second on this hardware
  MAX_REQUESTS        recycle a worker after this many requests (0: never)
"""

import os
import sys

from maubinh_api.infra.gunicorn_logs import log_config
from maubinh_api.infra.gunicorn_refusals import install as answer_refusals_as_problems
from maubinh_api.infra.metrics import WORKER_STARTS, mark_worker_dead

bind = os.environ.get("APP_BIND") or f"{os.environ.get('HOST', '127.0.0.1')}:{os.environ.get('PORT', '8000')}"
workers = int(os.environ.get("WORKERS", "2"))
threads = int(os.environ.get("THREADS", "16"))
# Half the threads may hold a 429 for a caller that came back before its Retry-After
# (maubinh_api/web/retry_hold.py); none with sync workers, whose one thread would be held.
os.environ.setdefault("MAUBINH_RETRY_HOLD_SLOTS", str(threads // 2))
timeout = int(os.environ.get("TIMEOUT", "30"))
# Stopped (SIGTERM), a worker finishes the requests it holds within this time. deploy/serve.sh stops
# gunicorn once the front has drained, and deploy/k8s/deployment.yaml's grace period counts it.
graceful_timeout = 30
# Above the front's upstream keep-alive (4 s, deploy/nginx.conf.template): nginx lets a kept
# connection go before gunicorn would close it under a request.
keepalive = 5
# The front admits request lines of up to 8 KiB (large_client_header_buffers): gunicorn's default of
# 4,094 bytes refused longer ones itself, before the application could count them against a tenant.
limit_request_line = 8190
max_requests = int(os.environ.get("MAX_REQUESTS", "0"))
max_requests_jitter = max_requests // 10
# The heartbeat file lives in memory, not on a disk that may stall.
worker_tmp_dir = "/dev/shm" if os.path.isdir("/dev/shm") else None
# gunicornc's control socket: in the run directory (deploy/serve.sh), never in a home directory
# that several instances would share (or that a read-only container does not have).
control_socket = os.environ.get("GUNICORN_CONTROL_SOCKET", "")
control_socket_disable = not control_socket
# Load the app (presets, evaluation and odds tables) once, before forking.
preload_app = True
accesslog = "-"
errorlog = "-"
logger_class = "maubinh_api.infra.logging.AccessLogger"
# gunicorn's own lines as JSON on stderr, as the application's and the access log's.
logconfig_dict = log_config()


def post_worker_init(worker):
    """With threads, hand the GIL over every 0.5 ms instead of 5: a cheap request waiting on
    another thread then waits for less than a millisecond at each turn, not five.  What gunicorn
    refuses itself (a header with a control byte) is answered as problem details, and logged, under
    the request's id (the worker's handle_error keeps the request for it)."""
    if threads > 1:
        sys.setswitchinterval(0.0005)
    answer_refusals_as_problems(worker)
    WORKER_STARTS.inc()  # the alert on workers that keep restarting counts these


def child_exit(server, worker):  # noqa: ARG001 - gunicorn's hook signature
    """A worker died or was recycled: drop its live metrics (prometheus-client multiprocess mode)."""
    mark_worker_dead(worker.pid)
