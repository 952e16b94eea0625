# Muster in a container: the bot and its console, data in a volume. See docs/deploy.md.
# Build:  docker build -t muster .      Run: docker compose up -d   (compose.yaml beside this file)
# BASE: any Debian bookworm image with python3 and its venv module (the official slim image by
# default; tools/container_check.sh builds one from Debian's packages where no registry is reachable).
ARG BASE=python:3.11-slim-bookworm
FROM ${BASE}

# pg_dump/pg_restore for `muster db backup|restore` against PostgreSQL; tini reaps and forwards
# SIGTERM so the bot's graceful shutdown runs on `docker stop`.
RUN apt-get update \
    && apt-get install -y --no-install-recommends postgresql-client tini \
    && rm -rf /var/lib/apt/lists/*

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    MUSTER_HOME=/data \
    MUSTER_METRICS_PORT=0.0.0.0:9090 \
    PATH=/opt/muster/bin:$PATH

RUN useradd --system --create-home --home-dir /home/muster --uid 10001 muster \
    && mkdir /data && chown muster /data

WORKDIR /src
COPY pyproject.toml README.md ./
COPY games ./games
COPY rendering ./rendering
COPY storage ./storage
COPY bot ./bot
# A virtual environment: the same steps work on any Debian Python (which refuses system-wide pip).
RUN python3 -m venv /opt/muster && /opt/muster/bin/pip install . && rm -rf /src

USER muster
WORKDIR /data
VOLUME ["/data"]
EXPOSE 9090

HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
    CMD python3 -c "import urllib.request,sys; sys.exit(urllib.request.urlopen('http://127.0.0.1:9090/readyz', timeout=4).status != 200)"

ENTRYPOINT ["tini", "--", "muster"]
CMD ["bot"]
