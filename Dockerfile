# syntax=docker/dockerfile:1
# maubinh-api: build the dependencies in one stage, run as a non-root user in a slim one.
# Two images come from this file:
#   docker build -t maubinh-api .                         the service: the last stage, the default target.
#       The start command is deploy/serve.sh, the same script `make run` uses.
#   docker build --target batch -t maubinh-api-batch .    the batch tool, `python -m maubinh_api.batch`
#       (runtime + batch requirements), also used for `dask scheduler` and `dask worker`:
#       see deploy/k8s/dask. The client, the scheduler and the workers must run the same image,
#       since the scheduler and the workers unpickle the client's tasks.

# The compiled kernel (maubinh_api/strategy/kernel_src, setup.py): the only stage with a C compiler.
# The images below copy the built module; they carry no compiler.
# Every stage is Debian 12 (bookworm), as on the developers' machines: the same nginx in the service
# image, and a kernel built against the C library it runs with.
FROM python:3.11-slim-bookworm AS kernel
RUN apt-get update \
 && apt-get install -y --no-install-recommends gcc libc6-dev \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /build
COPY requirements/build.txt ./requirements/
RUN pip install --no-cache-dir -r requirements/build.txt
COPY setup.py pyproject.toml README.md ./
COPY maubinh_api ./maubinh_api
RUN python setup.py --quiet build_ext --inplace \
 && python -c "import maubinh_api.strategy.compiled_kernel"

FROM python:3.11-slim-bookworm AS build
WORKDIR /build
COPY requirements/runtime.txt .
RUN python -m venv /opt/venv \
 && /opt/venv/bin/pip install --no-cache-dir --upgrade pip \
 && /opt/venv/bin/pip install --no-cache-dir -r runtime.txt

FROM python:3.11-slim-bookworm AS build-batch
WORKDIR /build
COPY requirements/runtime.txt requirements/batch.txt ./
RUN python -m venv /opt/venv \
 && /opt/venv/bin/pip install --no-cache-dir --upgrade pip \
 && /opt/venv/bin/pip install --no-cache-dir -r runtime.txt -r batch.txt

# The batch image. PYTHONPATH: `dask scheduler` and `dask worker` are console scripts, which do not
# put the working directory on sys.path, yet they import maubinh_api to unpickle the tasks.
# MPLCONFIGDIR: the user has no home and the root filesystem may be read-only (the reports use matplotlib).
FROM python:3.11-slim-bookworm AS batch
ENV PATH=/opt/venv/bin:$PATH \
    PYTHONPATH=/app \
    PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    MPLCONFIGDIR=/tmp/matplotlib
# The user and its group are both 10001, as the manifests' runAsUser and runAsGroup.
RUN groupadd --system --gid 10001 maubinh \
 && useradd --system --uid 10001 --gid 10001 --no-create-home --shell /usr/sbin/nologin maubinh
WORKDIR /app
COPY --from=build-batch /opt/venv /opt/venv
COPY maubinh_api ./maubinh_api
COPY --from=kernel /build/maubinh_api/strategy/compiled_kernel*.so ./maubinh_api/strategy/
USER 10001:10001
# The Dask scheduler and its dashboard (workers listen on random ports).
EXPOSE 8786 8787
CMD ["python", "-m", "maubinh_api.batch", "--help"]

# The service (the default target: keep it the last stage). deploy/serve.sh runs nginx on HOST:PORT in
# front of gunicorn, which listens on a Unix socket; the socket, nginx's configuration and temp files,
# the metric files and the rate-limit counts go to the run directory, /tmp/maubinh-$PORT. With a
# read-only root filesystem, /tmp must be a writable volume (deploy/k8s/deployment.yaml).
# nginx-light: Debian's nginx, the package `make system-deps` installs on the developers' machines.
FROM python:3.11-slim-bookworm AS service
ENV PATH=/opt/venv/bin:$PATH \
    PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    HOST=0.0.0.0 \
    PORT=8000 \
    WORKERS=2
RUN apt-get update \
 && apt-get install -y --no-install-recommends nginx-light \
 && rm -rf /var/lib/apt/lists/*
# The user and its group are both 10001, as the manifests' runAsUser and runAsGroup.
RUN groupadd --system --gid 10001 maubinh \
 && useradd --system --uid 10001 --gid 10001 --no-create-home --shell /usr/sbin/nologin maubinh
WORKDIR /app
COPY --from=build /opt/venv /opt/venv
COPY app.py openapi.yaml ./
COPY maubinh_api ./maubinh_api
COPY --from=kernel /build/maubinh_api/strategy/compiled_kernel*.so ./maubinh_api/strategy/
COPY deploy/serve.sh deploy/gunicorn.conf.py deploy/nginx.conf.template ./deploy/
USER 10001:10001
EXPOSE 8000
HEALTHCHECK --interval=15s --timeout=3s --start-period=20s --retries=3 \
  CMD ["python", "-c", "import os, urllib.request; urllib.request.urlopen('http://127.0.0.1:' + os.environ.get('PORT', '8000') + '/readyz', timeout=2)"]
CMD ["./deploy/serve.sh"]
