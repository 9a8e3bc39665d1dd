# Estafette: the Discord bot, with its SQLite database on a volume (docker-compose.yml: with PostgreSQL).
#   docker build -t estafette .
#   docker run -d --name estafette -e ESTAFETTE_DISCORD_TOKEN=... -v estafette-data:/data estafette
FROM python:3.11-slim

WORKDIR /app
COPY pyproject.toml README.md ./
COPY engine ./engine
COPY renderers ./renderers
COPY bot ./bot
COPY data ./data
COPY ai ./ai
COPY examples ./examples
RUN pip install --no-cache-dir .

ENV ESTAFETTE_DATABASE=/data/estafette.db \
    ESTAFETTE_PICTURES=/data/pictures \
    PYTHONUNBUFFERED=1
VOLUME ["/data"]
USER nobody
CMD ["estafette", "discord"]
