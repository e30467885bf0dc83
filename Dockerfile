# Minimal image; the production issue hardens it (multi-stage, healthcheck).
FROM python:3.11-slim
WORKDIR /app
COPY requirements/runtime.txt requirements/runtime.txt
RUN pip install --no-cache-dir -r requirements/runtime.txt
COPY app.py openapi.yaml ./
COPY maubinh_api ./maubinh_api
COPY deploy/serve.sh ./deploy/serve.sh
RUN useradd --system --uid 10001 maubinh
USER maubinh
ENV HOST=0.0.0.0 PORT=8000 WORKERS=2
EXPOSE 8000
CMD ["./deploy/serve.sh"]
