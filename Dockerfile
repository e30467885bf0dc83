# syntax=docker/dockerfile:1
# maubinh-api: build the dependencies in one stage, run as a non-root user in a slim one.
# The start command is deploy/serve.sh, the same script `make run` uses.

FROM python:3.11-slim AS build
WORKDIR /build
COPY requirements/runtime.txt .
RUN python -m venv /opt/venv \
 && /opt/venv/bin/pip install --no-cache-dir --upgrade pip \
 && /opt/venv/bin/pip install --no-cache-dir -r runtime.txt

FROM python:3.11-slim
ENV PATH=/opt/venv/bin:$PATH \
    PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    HOST=0.0.0.0 \
    PORT=8000 \
    WORKERS=2 \
    PROMETHEUS_MULTIPROC_DIR=/tmp/maubinh-metrics
RUN useradd --system --uid 10001 --no-create-home --shell /usr/sbin/nologin maubinh
WORKDIR /app
COPY --from=build /opt/venv /opt/venv
COPY app.py openapi.yaml ./
COPY maubinh_api ./maubinh_api
COPY deploy/serve.sh deploy/gunicorn.conf.py ./deploy/
USER 10001
EXPOSE 8000
HEALTHCHECK --interval=15s --timeout=3s --start-period=20s --retries=3 \
  CMD ["python", "-c", "import os, urllib.request; urllib.request.urlopen('http://127.0.0.1:' + os.environ.get('PORT', '8000') + '/readyz', timeout=2)"]
CMD ["./deploy/serve.sh"]
